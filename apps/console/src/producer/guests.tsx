import type {
  TCourtesyList,
  TCourtesyRequest,
  TCourtesyTicket,
  TProducerEventDocument,
} from '@ingressos/contracts/staff-producer';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { api, url } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Field, Live, Loading, Page } from '../ui/page.tsx';
import { EventNav } from './event-nav.tsx';

function GuestProblem({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={`${id}-error`}>
      {message}
    </p>
  ) : null;
}

/** 12345678901 → 123.456.789-01 as it is typed. */
export function cpfMask(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  return (
    [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('.') +
    (d.length > 9 ? `-${d.slice(9)}` : '')
  );
}

type TGuest = { name: string; cpf: string; place: string };
const blank = (): TGuest => ({ name: '', cpf: '', place: '' });

/**
 * Convidados (issue 34): courtesy tickets for named guests, counted against a lot like a sale (a
 * seat or table section takes a place's alias, a reserved one typically), and the event's courtesies.
 */
export function GuestsScreen() {
  const { eventId = '' } = useParams();
  const { t, date } = useI18n();
  const [loaded, setLoaded] = useState<TProducerEventDocument | null>(null);
  const [list, setList] = useState<TCourtesyTicket[] | null>(null);
  const [lotId, setLotId] = useState('');
  const [guests, setGuests] = useState<TGuest[]>([blank()]);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  /** The api's problem with one guest's field, by "row-field" (0-cpf). */
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const load = useCallback(async () => {
    const [doc, courtesies] = await Promise.all([
      api('producerEventDocument', { params: { eventId } }),
      api('producerCourtesies', { params: { eventId } }),
    ]);
    if (!doc.ok) return setError(doc.message || t('common.failed'));
    setLoaded(doc.body);
    setLotId((before) => before || String(doc.body.lots[0]?.lotId ?? ''));
    if (courtesies.ok) setList(courtesies.body.courtesies);
  }, [eventId, t]);
  useEffect(() => {
    void load();
  }, [load]);
  const title = t('producer.guests.title', { name: loaded?.document.name ?? '' });
  if (!loaded)
    return (
      <Page title={title}>
        <EventNav eventId={eventId} />
        <Live message={error} />
        {error ? null : <Loading />}
      </Page>
    );
  const problemProps = (key: string, id: string) =>
    problems.has(key) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
  const change = (i: number, field: keyof TGuest, value: string) =>
    setGuests(
      guests.map((g, x) => (x === i ? { ...g, [field]: field === 'cpf' ? cpfMask(value) : value } : g)),
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setNotice('');
    const filled = guests.filter((g) => g.name.trim() || g.cpf.trim());
    if (!lotId || filled.length === 0) return setError(t('producer.guests.needOne'));
    if (filled.some((g) => g.name.trim().length < 3 || g.cpf.replace(/\D/g, '').length !== 11))
      return setError(t('producer.guests.incomplete'));
    setBusy(true);
    setProblems(new Map());
    const body: TCourtesyRequest = {
      lotId: Number(lotId),
      guests: filled.map((g) => ({
        name: g.name.trim(),
        cpf: g.cpf,
        ...(g.place.trim() ? { place: g.place.trim() } : {}),
      })),
      note,
    };
    // Sent by hand, not by api(): a refusal's `issues` name the guest and the field (guests[1].cpf).
    const response = await fetch(url('issueCourtesies', { eventId }), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as Record<string, unknown> | null;
    setBusy(false);
    if (!response?.ok || !answer) {
      const rows = guests.map((g, x) => ({ g, x })).filter(({ g }) => g.name.trim() || g.cpf.trim());
      const issues = Array.isArray(answer?.issues)
        ? (answer.issues as { path: string; message: string }[])
        : [];
      setProblems(
        new Map(
          issues.flatMap((issue) => {
            const m = issue.path.match(/^guests\[(\d+)\]\.(\w+)/);
            const row = m ? rows[Number(m[1])] : undefined;
            return row ? [[`${row.x}-${m![2]}`, issue.message] as const] : [];
          }),
        ),
      );
      return setError(String(answer?.Message ?? t('common.failed')));
    }
    setList((answer as TCourtesyList).courtesies);
    setGuests([blank()]);
    setNote('');
    setNotice(t('producer.guests.issued', { n: filled.length }));
  };
  return (
    <Page title={title}>
      <EventNav eventId={eventId} />
      <form className="card stack" onSubmit={submit} noValidate>
        <h2>{t('producer.guests.issue')}</h2>
        <Field id="guest-lot" label={t('producer.guests.lot')} hint={t('producer.guests.lotHint')}>
          <select
            id="guest-lot"
            value={lotId}
            onChange={(e) => setLotId(e.target.value)}
            aria-describedby="guest-lot-hint"
          >
            {loaded.lots.map((lot) => (
              <option key={lot.lotId} value={lot.lotId}>
                {t('producer.lotName', { section: lot.section, ticket: lot.ticket, n: lot.number })} ·{' '}
                {t('producer.guests.soldHeld', { sold: lot.sold, held: lot.held })}
              </option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend>{t('producer.guests.people')}</legend>
          <ol className="guest-rows">
            {guests.map((guest, i) => (
              <li key={`guest-${i}`} className="grid guest-row">
                <Field id={`guest-${i}-name`} label={t('producer.guests.name', { n: i + 1 })}>
                  <input
                    id={`guest-${i}-name`}
                    {...problemProps(`${i}-name`, `guest-${i}-name`)}
                    value={guest.name}
                    autoComplete="off"
                    onChange={(e) => change(i, 'name', e.target.value)}
                  />
                  <GuestProblem id={`guest-${i}-name`} message={problems.get(`${i}-name`)} />
                </Field>
                <Field id={`guest-${i}-cpf`} label={t('producer.guests.cpf', { n: i + 1 })}>
                  <input
                    id={`guest-${i}-cpf`}
                    {...problemProps(`${i}-cpf`, `guest-${i}-cpf`)}
                    value={guest.cpf}
                    inputMode="numeric"
                    placeholder="000.000.000-00"
                    autoComplete="off"
                    onChange={(e) => change(i, 'cpf', e.target.value)}
                  />
                  <GuestProblem id={`guest-${i}-cpf`} message={problems.get(`${i}-cpf`)} />
                </Field>
                <Field id={`guest-${i}-place`} label={t('producer.guests.place', { n: i + 1 })}>
                  <input
                    id={`guest-${i}-place`}
                    {...problemProps(`${i}-place`, `guest-${i}-place`)}
                    value={guest.place}
                    autoComplete="off"
                    onChange={(e) => change(i, 'place', e.target.value)}
                  />
                  <GuestProblem id={`guest-${i}-place`} message={problems.get(`${i}-place`)} />
                </Field>
                {guests.length > 1 ? (
                  <button
                    type="button"
                    className="button-quiet danger"
                    onClick={() => setGuests(guests.filter((_, x) => x !== i))}
                  >
                    {t('producer.guests.removeN', { n: i + 1 })}
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button-secondary"
            onClick={() => setGuests([...guests, blank()])}
            disabled={guests.length >= 50}
          >
            {t('producer.guests.addGuest')}
          </button>
        </fieldset>
        <Field id="guest-note" label={t('producer.guests.note')}>
          <input id="guest-note" value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <Live message={error} />
        <Live message={notice} tone="ok" />
        <div>
          <button type="submit" className="button" disabled={busy}>
            {t('producer.guests.submit')}
          </button>
        </div>
      </form>
      {list === null ? null : list.length === 0 ? (
        <p className="muted">{t('producer.guests.none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption>{t('producer.guests.caption', { n: list.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('producer.guests.guest')}</th>
                <th scope="col">{t('producer.guests.ticket')}</th>
                <th scope="col">{t('producer.guests.issuedAt')}</th>
                <th scope="col">{t('producer.guests.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.ticketId}>
                  <th scope="row">
                    {c.guestName}
                    <span className="sub">{c.cpfMasked}</span>
                  </th>
                  <td>
                    {c.section} · {c.ticket}
                    {c.place ? <span className="sub">{c.place}</span> : null}
                  </td>
                  <td>
                    {date(c.issuedAt)}
                    <span className="sub">{c.issuedBy}</span>
                  </td>
                  <td>
                    <span className={`badge badge-${c.voided ? 'bad' : c.checkedIn ? 'muted' : 'ok'}`}>
                      {t(
                        c.voided
                          ? 'producer.guests.voided'
                          : c.checkedIn
                            ? 'producer.guests.checkedIn'
                            : 'producer.guests.valid',
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
