import type { TStaffTimelineEntry } from '@ingressos/contracts/staff-support';
import { useI18n } from '../i18n/i18n.tsx';
import type { TMessageKey } from '../i18n/pt-BR.ts';

const STATUS_TONE: Record<number, string> = {
  1: 'wait',
  3: 'ok',
  4: 'wait',
  6: 'muted',
  7: 'bad',
  8: 'muted',
};

/** An order's status as a word and a colour (the word carries the meaning; the colour only helps). */
export function OrderStatus({ id, name }: { id: number; name: string }) {
  const { t } = useI18n();
  const key = `status.order.${id}` as TMessageKey;
  const label = t(key) === key ? name : t(key);
  return <span className={`badge badge-${STATUS_TONE[id] ?? 'muted'}`}>{label}</span>;
}

export function TicketState({ state }: { state: 'valid' | 'transferred' | 'voided' }) {
  const { t } = useI18n();
  const tone = state === 'valid' ? 'ok' : state === 'voided' ? 'bad' : 'muted';
  return <span className={`badge badge-${tone}`}>{t(`ticket.${state}`)}</span>;
}

/** What a timeline line's detail says, as "key: value" pairs (codes and amounts, no personal data). */
function details(entry: TStaffTimelineEntry): string {
  return Object.entries(entry.detail)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

/** The order's history, oldest first, as a list of dated lines. */
export function Timeline({ entries }: { entries: TStaffTimelineEntry[] }) {
  const { t, date } = useI18n();
  return (
    <ol className="timeline">
      {entries.map((entry) => (
        <li key={`${entry.kind}-${entry.ref}-${entry.at}-${entry.label}`}>
          <time dateTime={entry.at}>{date(entry.at)}</time>
          <span className="timeline-kind">{t(`timeline.${entry.kind}`)}</span>
          <span className="timeline-label">{entry.label}</span>
          {details(entry) ? <span className="timeline-detail">{details(entry)}</span> : null}
        </li>
      ))}
    </ol>
  );
}
