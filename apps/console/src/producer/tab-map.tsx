import { type ChangeEvent, useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { Field, Live } from '../ui/page.tsx';
import type { TPlaceDoc } from './document.ts';
import { useEditor } from './form.tsx';

type TPlaceCounter = { section: string; alias: string; sold: number; held: number };
const SHOWN = 200;

/** A file's places: an array of places, or `{ places: [...] }`, each with at least an alias; the api validates the rest on save. */
function placesOf(json: unknown): TPlaceDoc[] | null {
  const list = Array.isArray(json) ? json : (json as { places?: unknown })?.places;
  if (!Array.isArray(list) || list.length === 0) return null;
  if (!list.every((p) => p && typeof p === 'object' && typeof (p as { alias?: unknown }).alias === 'string'))
    return null;
  return list.map(
    (p) =>
      ({
        kind: 'seat',
        x: 0,
        y: 0,
        seats: 1,
        disabled: false,
        reserved: false,
        ...(p as object),
      }) as TPlaceDoc,
  );
}

/** The places as the map draws them (blocked grey, reserved amber); the table below is what a screen reader reads. */
function MiniMap({ places }: { places: readonly TPlaceDoc[] }) {
  const xs = places.map((p) => p.x);
  const ys = places.map((p) => p.y);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const width = Math.max(...xs) - minX + 40;
  const height = Math.max(...ys) - minY + 40;
  return (
    <svg className="mini-map" viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
      {places.map((p) => (
        <circle
          key={p.alias}
          cx={p.x - minX + 20}
          cy={p.y - minY + 20}
          r={p.kind === 'table' ? 16 : 12}
          className={p.disabled ? 'blocked' : p.reserved ? 'reserved' : 'free'}
        />
      ))}
    </svg>
  );
}

/**
 * Mapa: a section's seats and tables. A JSON file of places in the import format is merged into the
 * section (a place with the same alias is replaced); then each place may be blocked (not sold) or
 * reserved for guests (shown as taken; a courtesy may take it).
 */
export function MapTab({ counters }: { counters: readonly TPlaceCounter[] }) {
  const { t } = useI18n();
  const { doc, set } = useEditor();
  const [s, setS] = useState(() =>
    Math.max(
      0,
      doc.sections.findIndex((x) => x.places.length > 0),
    ),
  );
  const [filter, setFilter] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'error' }>({ text: '', tone: 'ok' });
  const section = doc.sections[s] ?? doc.sections[0]!;
  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let places: TPlaceDoc[] | null = null;
    try {
      places = placesOf(JSON.parse(await file.text()));
    } catch {
      places = null;
    }
    if (!places) return setMessage({ text: t('producer.map.badFile'), tone: 'error' });
    const byAlias = new Map(section.places.map((p) => [p.alias, p]));
    for (const place of places) byAlias.set(place.alias, place);
    set(['sections', s, 'places'], [...byAlias.values()]);
    setMessage({ text: t('producer.map.imported', { n: places.length, total: byAlias.size }), tone: 'ok' });
  };
  const needle = filter.trim().toLowerCase();
  const matching = section.places
    .map((place, index) => ({ place, index }))
    .filter(({ place }) => !needle || `${place.alias} ${place.row ?? ''}`.toLowerCase().includes(needle));
  const count = (alias: string) => counters.find((c) => c.section === section.name && c.alias === alias);
  const blocked = section.places.filter((p) => p.disabled).length;
  const reserved = section.places.filter((p) => p.reserved).length;
  return (
    <div className="stack">
      <p className="muted">{t('producer.map.intro')}</p>
      <div className="card grid">
        <Field id="map-section" label={t('producer.map.section')}>
          <select id="map-section" value={s} onChange={(e) => setS(Number(e.target.value))}>
            {doc.sections.map((x, i) => (
              <option key={`${x.name}-${i}`} value={i}>
                {x.name} ({t('producer.map.placesN', { n: x.places.length })})
              </option>
            ))}
          </select>
        </Field>
        <Field id="map-file" label={t('producer.map.file')} hint={t('producer.map.fileHint')}>
          <input
            id="map-file"
            type="file"
            accept="application/json,.json"
            onChange={(e) => void importFile(e)}
            aria-describedby="map-file-hint"
          />
        </Field>
        <div className="wide">
          <Live message={message.text} tone={message.tone} />
        </div>
      </div>
      {section.places.length === 0 ? (
        <p className="muted">{t('producer.map.none')}</p>
      ) : (
        <>
          <MiniMap places={section.places} />
          <p>{t('producer.map.summary', { n: section.places.length, blocked, reserved })}</p>
          <Field id="map-filter" label={t('producer.map.filter')}>
            <input id="map-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </Field>
          <div className="table-wrap">
            <table>
              <caption>
                {t('producer.map.caption', { name: section.name, n: matching.length })}
                {matching.length > SHOWN ? ` ${t('producer.map.firstN', { n: SHOWN })}` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('producer.map.alias')}</th>
                  <th scope="col" className="num">
                    {t('producer.map.sold')}
                  </th>
                  <th scope="col">{t('producer.map.blocked')}</th>
                  <th scope="col">{t('producer.map.reserved')}</th>
                </tr>
              </thead>
              <tbody>
                {matching.slice(0, SHOWN).map(({ place, index }) => {
                  const c = count(place.alias);
                  return (
                    <tr key={place.alias}>
                      <th scope="row">
                        {place.alias}
                        <span className="sub">
                          {[
                            place.row ? t('producer.map.row', { row: place.row }) : '',
                            t(place.kind === 'table' ? 'producer.map.table' : 'producer.map.seat', {
                              n: place.seats,
                            }),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </th>
                      <td className="num">{c ? c.sold + c.held : '—'}</td>
                      <td>
                        <input
                          type="checkbox"
                          checked={place.disabled}
                          aria-label={t('producer.map.blockOf', { alias: place.alias })}
                          onChange={(e) =>
                            set(['sections', s, 'places', index, 'disabled'], e.target.checked)
                          }
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          checked={Boolean(place.reserved)}
                          aria-label={t('producer.map.reserveOf', { alias: place.alias })}
                          onChange={(e) =>
                            set(['sections', s, 'places', index, 'reserved'], e.target.checked)
                          }
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
