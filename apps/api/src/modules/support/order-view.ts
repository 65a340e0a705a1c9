import { ORDER_STATUS } from '@ingressos/domain/payment-status';

/**
 * Small readings the support calls share: an order status's name, a phone as support may see
 * it, and the keyset cursor of the order search.
 */

const STATUS_NAMES = new Map<number, string>(Object.entries(ORDER_STATUS).map(([name, id]) => [id, name]));

/** ORDER_STATUS's name of a status number (AGUARDANDO_PAGAMENTO, PAGO, ...). */
export function orderStatusName(status: number): string {
  return STATUS_NAMES.get(status) ?? String(status);
}

/** A phone as support sees it: only its last four digits, enough to confirm it with the caller. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 4 ? '****' : `(**) *****-${digits.slice(-4)}`;
}

/** The search's keyset position: the last hit's creation time and id (newest first, id breaks ties). */
export type TSearchCursor = { at: string; id: string };

export function encodeCursor(cursor: TSearchCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

/** The position a cursor names, or null for one that was not made by encodeCursor. */
export function decodeCursor(text: string): TSearchCursor | null {
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (
    !at ||
    !id ||
    rest.length > 0 ||
    !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{1,6}Z$/.test(at) ||
    !/^[\w-]{8,64}$/.test(id)
  )
    return null;
  return { at, id };
}
