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

type TI18nParts = ReturnType<typeof useI18n>;

/** A message's text, or `fallback` when there is none (a code the console has no words for yet). */
function word({ t }: Pick<TI18nParts, 't'>, key: string, fallback: string): string {
  const said = t(key as TMessageKey);
  return said === key ? fallback : said;
}

/** A payment method's name: 'credit_card' → Cartão de crédito, 'pix' → Pix. */
export function methodName(i18n: Pick<TI18nParts, 't'>, method: string): string {
  return word(i18n, `method.${method}`, method);
}

const PAYMENT_TONE: Record<string, string> = {
  approved: 'ok',
  authorized: 'ok',
  pre_authorized: 'ok',
  rejected: 'bad',
  failed: 'bad',
  charged_back: 'bad',
  expired: 'bad',
  cancelled: 'muted',
  refunded: 'muted',
  voided: 'muted',
};

/**
 * A charge's status as a word (Aprovado, Estornado…) and a colour; the gateway's own status
 * detail ('accredited', 'cc_rejected_insufficient_amount') stays below in small print, since
 * support reads it out to the gateway when asking about a charge.
 */
export function PaymentStatus({ status, detail }: { status: string; detail?: string | null }) {
  const i18n = useI18n();
  return (
    <>
      <span className={`badge badge-${PAYMENT_TONE[status] ?? 'wait'}`}>
        {word(i18n, `payment.status.${status}`, status)}
      </span>
      {detail ? <span className="sub mono">{detail}</span> : null}
    </>
  );
}

/** A timeline line's label: the status or state as a word; an order's creation needs none. */
function labelOf(i18n: TI18nParts, entry: TStaffTimelineEntry): string {
  switch (entry.kind) {
    case 'cart_held':
    case 'order_created':
      return '';
    case 'payment':
    case 'payment_part':
      return word(i18n, `payment.status.${entry.label}`, entry.label);
    case 'ticket_issued':
      return word(i18n, `ticket.${entry.label}`, entry.label);
    case 'refund':
      return word(i18n, `refund.status.${entry.label}`, entry.label);
    case 'transfer':
      return word(i18n, `transfer.${entry.label}`, entry.label);
    default:
      return entry.label;
  }
}

const AMOUNTS = new Set(['amountCents', 'totalCents']);
const DATES = new Set(['answeredAt', 'sentAt', 'doneAt', 'updatedAt', 'heldUntil']);
/** Shown apart (the gateway's detail), or said by another field (the currency of an amount). */
const APART = new Set(['statusDetail', 'currency', 'attempt']);

/**
 * What a timeline line's detail says, as words: 'Valor: R$ 220,00 · Meio de pagamento: sandbox'.
 * A field the console has no name for is shown as the API sent it, so nothing is hidden.
 */
function details(i18n: TI18nParts, entry: TStaffTimelineEntry, currency: string): string {
  const { t, money, date } = i18n;
  const value = (key: string, raw: string | number | boolean): string => {
    if (AMOUNTS.has(key) && typeof raw === 'number')
      return money(raw, String(entry.detail.currency ?? currency));
    if (DATES.has(key)) return date(String(raw));
    if (key === 'method') return methodName(i18n, String(raw));
    if (key === 'position') return t('order.part', { n: Number(raw) + 1 });
    // A ticket's unit counts from 0 in the order; people count from 1.
    if (key === 'unit') return String(Number(raw) + 1);
    if (key === 'kind') return word(i18n, `refund.kind.${raw}`, String(raw));
    if (key === 'status') return word(i18n, `message.status.${raw}`, String(raw));
    if (key === 'channel') return word(i18n, `message.channel.${raw}`, String(raw));
    if (key === 'ticketId') return String(raw).slice(0, 8).toUpperCase();
    return String(raw);
  };
  return Object.entries(entry.detail)
    .filter(([key, raw]) => raw !== null && raw !== '' && !APART.has(key))
    .map(([key, raw]) =>
      key === 'position'
        ? value(key, raw as number)
        : `${word(i18n, `detail.${key}`, key)}: ${value(key, raw as string | number | boolean)}`,
    )
    .join(' · ');
}

/** The order's history, oldest first, as a list of dated lines. */
export function Timeline({ entries, currency }: { entries: TStaffTimelineEntry[]; currency: string }) {
  const i18n = useI18n();
  const { t, date } = i18n;
  return (
    <ol className="timeline">
      {entries.map((entry) => {
        const said = details(i18n, entry, currency);
        const gatewayDetail = entry.detail.statusDetail;
        return (
          <li key={`${entry.kind}-${entry.ref}-${entry.at}-${entry.label}`}>
            <time dateTime={entry.at}>{date(entry.at)}</time>
            <span className="timeline-kind">{t(`timeline.${entry.kind}`)}</span>
            <span className="timeline-label">{labelOf(i18n, entry)}</span>
            {said ? <span className="timeline-detail">{said}</span> : null}
            {gatewayDetail ? <span className="timeline-detail mono">{String(gatewayDetail)}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
