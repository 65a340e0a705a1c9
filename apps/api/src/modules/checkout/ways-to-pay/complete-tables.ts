import type { TCart } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { AppError } from '../../app-error.ts';
import { paymentError } from '../messages.ts';

/**
 * Spec §2 and §5: a cart with an open table held below its minimum seats cannot be paid. The one
 * check every way to pay runs (card and Pix, hosted checkout, the app's checkout session); the
 * answer sends the page to the event's seat map, where the table is completed.
 */
export function assertTablesComplete(cart: TCart, locale: TLocale): void {
  if (cart.incompleteTables.length === 0) return;
  const error = paymentError('incomplete_tables', locale);
  throw new AppError(error.code, error.message, {
    headers: { 'x-redirect': `/eventmap/${cart.items[0]!.slug}` },
  });
}
