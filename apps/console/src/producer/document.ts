import type { TImportCoupon, TImportEvent } from '@ingressos/contracts/catalog-import';

/**
 * Issue 34: the event the producer edits is ONE document, the import format's event
 * (packages/contracts/src/catalog-import.ts). The editor keeps it whole in memory, changes it by
 * path and saves it whole with the revision it was read at. Only types come from the contract.
 */
export type TDoc = TImportEvent;
export type TSectionDoc = TDoc['sections'][number];
export type TTicketDoc = TSectionDoc['tickets'][number];
export type TLotDoc = TTicketDoc['lots'][number];
export type TPlaceDoc = TSectionDoc['places'][number];
export type TCouponDoc = TImportCoupon;
export type TIssuerDoc = TDoc['exclusiveAccess'][number];
export type TPath = readonly (string | number)[];

/** The value at `path` inside `root` (undefined when a step is missing). */
export function getAt(root: unknown, path: TPath): unknown {
  let here: unknown = root;
  for (const step of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string | number, unknown>)[step];
  }
  return here;
}

/** A copy of `root` with `value` at `path` (undefined removes the key); the steps it passes are copied. */
export function setAt<T>(root: T, path: TPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [step, ...rest] = path;
  const here = (root ?? (typeof step === 'number' ? [] : {})) as Record<string | number, unknown>;
  const copy = (Array.isArray(here) ? [...here] : { ...here }) as Record<string | number, unknown>;
  const next = setAt(here[step as string | number], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[step as string];
  else copy[step as string | number] = next;
  return copy as T;
}

/** `sections[0].tickets[1].lots[0].quantity`, the way the api names a problem (and a field's id from it). */
export function pathText(path: TPath): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}
export function fieldId(path: TPath | string): string {
  const text = typeof path === 'string' ? path : pathText(path);
  return `f-${text.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`;
}

/** The editor's tabs, and where a problem's path lives among them. */
export const TABS = ['data', 'sections', 'map', 'coupons', 'access', 'sales'] as const;
export type TTab = (typeof TABS)[number];
export function tabOf(path: string): TTab {
  if (/^sections\[\d+\]\.places/.test(path)) return 'map';
  if (path.startsWith('sections')) return 'sections';
  if (path.startsWith('coupons')) return 'coupons';
  if (path.startsWith('exclusiveAccess')) return 'access';
  if (/^(onSaleAt|queue|refundService|facial|maxTicketsPerCart)/.test(path)) return 'sales';
  return 'data';
}

export const emptyLot = (number: number, price = 0): TLotDoc => ({
  number,
  price,
  convenienceFeePercent: 10,
  processingFee: 0,
  processingFeeAdded: false,
  quantity: 100,
  disabled: false,
});

export const emptyTicket = (name: string): TTicketDoc => ({
  name,
  minQtd: 1,
  facialAtMomentOfPurchase: false,
  ownerControl: false,
  noInterest: false,
  onlineNote: '',
  lots: [emptyLot(1)],
});

export const emptySection = (name: string, ticket: string): TSectionDoc => ({
  name,
  minQtd: 1,
  maxQtd: 8,
  bookAsAWhole: false,
  tickets: [emptyTicket(ticket)],
  places: [],
});

/** A plain-text slug of a name: "Festival de Verão 2027" → "festival-de-verao-2027". */
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** The document a new event starts from: one section, one ticket, one lot, a month from now at 21:00. */
export function emptyDocument(producer: string, labels: { section: string; ticket: string }): TDoc {
  const start = new Date(Date.now() + 30 * 86_400_000);
  const day = start.toISOString().slice(0, 10);
  return {
    slug: '',
    name: '',
    description: '',
    category: 'show',
    ageRating: 'L',
    startsAt: `${day}T21:00:00-03:00`,
    timeZone: 'America/Sao_Paulo',
    currency: 'BRL',
    producer,
    venue: { name: '', address: '', number: 's/n', district: '', city: '', state: 'SP' },
    featured: false,
    published: false,
    docType: 'CPF',
    // Issue 35: today's signed QR until the producer chooses a rotating mode (Fila e vendas).
    ticketCode: 'static',
    exclusiveAccess: [],
    sendPixel: false,
    nfeMandatory: false,
    sellingPoints: [],
    coupons: [],
    sections: [emptySection(labels.section, labels.ticket)],
  } as TDoc;
}

/** The UTC offset of `timeZone` at `utcMs`, in minutes east of UTC. */
function offsetMinutes(timeZone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2027-03-14T21:00" in `timeZone` → "2027-03-14T21:00:00-03:00" (empty stays empty). */
export function zonedIso(local: string, timeZone: string): string {
  if (!local) return '';
  const [d, t = '00:00'] = local.split('T');
  const [y, m, day] = d!.split('-').map(Number);
  const [h, min] = t.split(':').map(Number);
  const guess = Date.UTC(y!, m! - 1, day!, h!, min!);
  let offset = offsetMinutes(timeZone, guess);
  offset = offsetMinutes(timeZone, guess - offset * 60_000);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${local.slice(0, 16)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An ISO instant → "2027-03-14T21:00" as the clock of `timeZone` shows it (for datetime-local). */
export function localIn(iso: string | undefined, timeZone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const shifted = new Date(ms + offsetMinutes(timeZone, ms) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** Every lot of the document, with where it is (for pickers and the coupons' lot list). */
export function allLots(doc: TDoc) {
  return doc.sections.flatMap((section, s) =>
    section.tickets.flatMap((ticket, t) =>
      ticket.lots.map((lot, l) => ({ section: section.name, ticket: ticket.name, lot, path: [s, t, l] })),
    ),
  );
}

/** A problem's path said with the document's names: "Pista › Inteira › Lote 1 › quantity". */
export function describePath(doc: TDoc, path: string, lotWord: string): string {
  const parts: string[] = [];
  let rest = path;
  const take = (re: RegExp) => {
    const m = rest.match(re);
    if (m) rest = rest.slice(m[0].length).replace(/^\./, '');
    return m;
  };
  const s = take(/^sections\[(\d+)\]/);
  const section = s ? doc.sections[Number(s[1])] : undefined;
  if (section) parts.push(section.name);
  const k = section && take(/^tickets\[(\d+)\]/);
  const ticket = k ? section.tickets[Number(k[1])] : undefined;
  if (ticket) parts.push(ticket.name);
  const l = ticket && take(/^lots\[(\d+)\]/);
  const lot = l ? ticket.lots[Number(l[1])] : undefined;
  if (lot) parts.push(`${lotWord} ${lot.number}`);
  const c = !section && take(/^coupons\[(\d+)\]/);
  if (c) parts.push(doc.coupons[Number(c[1])]?.code || `#${Number(c[1]) + 1}`);
  if (rest) parts.push(rest);
  return parts.join(' › ');
}
