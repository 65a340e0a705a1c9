import type { TGateTicket } from '@ingressos/contracts/gate';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { manualCheckIn, undoCheckIn } from './net.ts';
import { type TStoredTicket, tickets } from './store.ts';
import type { TShown } from './use-gate.ts';

/** The answer to a scan: the whole screen green or red, readable at arm's length. */
export function ResultScreen({ shown, onNext }: { shown: TShown; onNext: () => void }) {
  const { t, date } = useI18n();
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus(), []);
  const ok = shown.result === 'ok';
  const k = shown.ticket;
  return (
    <div
      className={ok ? 'gate-result gate-ok' : 'gate-result gate-bad'}
      role="alert"
      data-result={shown.result}
    >
      <p className="gate-verdict">{t(`gate.result.${shown.result}`, { section: k?.section ?? '' })}</p>
      {shown.sendTo ? <p className="gate-send">{t('gate.sendTo', { gate: shown.sendTo })}</p> : null}
      {k?.halfPrice ? (
        <p className="gate-half">
          {k.halfPrice} · {t('gate.checkDocument')}
        </p>
      ) : null}
      {k ? (
        <dl className="gate-holder">
          {k.holderName ? (
            <>
              <dt className="visually-hidden">{t('gate.holder')}</dt>
              <dd className="gate-name">{k.holderName}</dd>
            </>
          ) : null}
          <dt>{t('gate.section')}</dt>
          <dd>
            {k.section} · {k.ticket}
            {k.place ? ` · ${t('gate.place')} ${k.place}` : ''}
          </dd>
          <dt>{t('gate.cpf')}</dt>
          <dd>{k.cpfMasked}</dd>
        </dl>
      ) : null}
      {!ok && k?.checkedInAt ? (
        <p>
          {t('gate.firstAt', {
            date: date(k.checkedInAt),
            gate: k.checkInGate ? t('gate.atGate', { gate: k.checkInGate }) : '',
          })}
        </p>
      ) : null}
      {shown.offline ? <p className="gate-small">{t('gate.decidedOffline')}</p> : null}
      <p className="gate-small">{Math.round(shown.ms)} ms</p>
      <button ref={next} type="button" className="gate-next" onClick={onNext}>
        {t('gate.next')}
      </button>
    </div>
  );
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Tickets matching what the agent typed: a CPF (by its salted hash), an order code, or a name. */
export async function searchTickets(eventId: number, salt: string, typed: string): Promise<TStoredTicket[]> {
  const all = await tickets(eventId);
  const digits = typed.replace(/\D/g, '');
  if (digits.length === 11) {
    const hash = await sha256Hex(`${salt}${digits}`);
    return all.filter((k) => k.cpfHash === hash);
  }
  const code = typed.trim().toUpperCase();
  const byCode = all.filter((k) => k.orderCode === code);
  if (byCode.length) return byCode;
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  return all.filter((k) => words.every((w) => fold(k.holderName ?? '').includes(w))).slice(0, 50);
}

/** For the buyer whose phone died: find the ticket, check it in by hand, or undo a mistake. */
export function SearchPanel(props: {
  eventId: number;
  gate: string;
  salt: string;
  after: () => Promise<void>;
}) {
  const { t, date } = useI18n();
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<TStoredTicket[] | null>(null);
  const [undoing, setUndoing] = useState<TGateTicket | null>(null);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    setFound(await searchTickets(props.eventId, props.salt, typed));
  };
  const checkIn = async (k: TGateTicket) => {
    await manualCheckIn(props.eventId, k, props.gate);
    await props.after();
    await search();
  };
  const undo = async (e: FormEvent) => {
    e.preventDefault();
    if (!undoing || reason.trim().length < 3) return;
    const outcome = await undoCheckIn(props.eventId, undoing, props.gate, reason.trim());
    setNote(outcome === 'undone' ? t('gate.undone') : outcome === 'queued' ? t('gate.undoQueued') : outcome);
    setUndoing(null);
    setReason('');
    await props.after();
    await search();
  };
  return (
    <section className="gate-search">
      <form onSubmit={search} className="gate-search-form">
        <label>
          {t('gate.search')}
          <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit">{t('gate.searchButton')}</button>
      </form>
      {note ? <p role="status">{note}</p> : null}
      {found && !found.length ? <p>{t('gate.searchNone')}</p> : null}
      <ul className="gate-found">
        {found?.map((k) => (
          <li key={k.id}>
            <strong>{k.holderName ?? '—'}</strong>
            <span>
              {k.section} · {k.ticket} · {k.cpfMasked} · {k.orderCode}
            </span>
            {k.halfPrice ? <span className="gate-half-small">{t('gate.halfPrice')}</span> : null}
            {k.voided ? (
              <span className="gate-tag-bad">{t('gate.result.refunded')}</span>
            ) : k.checkedInAt ? (
              <>
                <span>{t('gate.checkedIn', { date: date(k.checkedInAt) })}</span>
                <button type="button" onClick={() => setUndoing(k)}>
                  {t('gate.undo')}
                </button>
              </>
            ) : (
              <button type="button" className="gate-primary" onClick={() => void checkIn(k)}>
                {t('gate.checkInManual')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {undoing ? (
        <form
          onSubmit={undo}
          className="gate-undo"
          aria-label={t('gate.undoOf', { name: undoing.holderName ?? '' })}
        >
          <label>
            {t('gate.undoReason')}
            <input value={reason} onChange={(e) => setReason(e.target.value)} minLength={3} required />
          </label>
          <button type="submit">{t('gate.undo')}</button>
        </form>
      ) : null}
    </section>
  );
}

/** Checked in / expected on this device's list, by sector and by gate. */
export function CountsPanel({ eventId, version }: { eventId: number; version: number }) {
  const { t } = useI18n();
  const [all, setAll] = useState<TStoredTicket[]>([]);
  useEffect(() => {
    void tickets(eventId).then(setAll);
  }, [eventId, version]);
  const valid = all.filter((k) => !k.voided);
  const inside = valid.filter((k) => k.checkedInAt);
  const sections = [...new Set(valid.map((k) => k.section))].sort();
  const gates = new Map<string, number>();
  for (const k of inside) gates.set(k.checkInGate ?? '', (gates.get(k.checkInGate ?? '') ?? 0) + 1);
  return (
    <section className="gate-counts">
      <p className="gate-total">{t('gate.counts', { done: inside.length, expected: valid.length })}</p>
      <table>
        <caption>{t('gate.bySection')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('gate.section')}</th>
            <th scope="col">{t('gate.in')}</th>
            <th scope="col">{t('gate.expected')}</th>
          </tr>
        </thead>
        <tbody>
          {sections.map((s) => (
            <tr key={s}>
              <th scope="row">{s}</th>
              <td>{inside.filter((k) => k.section === s).length}</td>
              <td>{valid.filter((k) => k.section === s).length}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>{t('gate.byGate')}</caption>
        <tbody>
          {[...gates].map(([g, n]) => (
            <tr key={g}>
              <th scope="row">{g || t('gate.noGate')}</th>
              <td>{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
