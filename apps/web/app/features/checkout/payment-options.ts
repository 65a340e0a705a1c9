import type { TCart, TInstallmentOption } from '@ingressos/contracts';
import { cpfsNeeded } from '@ingressos/domain/cart';
import type { TStoredIdentification } from './identification-store.ts';

export type TMethod = 'credit_card' | 'pix';
type TIdentification = Omit<TStoredIdentification, 'cartId'>;

/**
 * What /pagamento offers for a cart: free orders pay nothing; the event's gateway decides card and
 * Pix (card first when it takes cards); no configured gateway means nothing can be paid; a gateway
 * paid only on its own page shows only its button (issue 31).
 */
export function paymentOptions(
  cart: Pick<TCart, 'totals' | 'pixPaymentMethod' | 'creditCardPaymentMethod' | 'checkoutGateway'>,
  hostedCheckout: boolean,
) {
  const free = cart.totals.total === 0;
  const pixOffered = cart.pixPaymentMethod !== false;
  const firstMethod: TMethod = cart.creditCardPaymentMethod || !pixOffered ? 'credit_card' : 'pix';
  const unsellable = !free && !cart.checkoutGateway;
  const pageOnly =
    !free && !unsellable && cart.creditCardPaymentMethod === false && !pixOffered && hostedCheckout;
  return { free, pixOffered, firstMethod, unsellable, pageOnly };
}

/** What the buyer reads by the button is what is charged: the installment plan's total for a card. */
export const chargeTotal = (method: TMethod, plan: TInstallmentOption | undefined, total: number) =>
  method === 'credit_card' && plan ? plan.totalValue : total;

/** §5: every unit of an item whose ticket limits tickets per CPF needs its holder's CPF. */
export function needsIdentification(cart: Pick<TCart, 'items'>, stored: TIdentification | null) {
  return cart.items.some(
    (item, index) =>
      cpfsNeeded(item) > 0 &&
      (stored?.entries.find((entry) => entry.indexItem === index)?.holders.length ?? 0) !== item.quantity,
  );
}

/** The holders' CPFs per item index, for the order summary. */
export const holdersByItem = (identification: TIdentification | null | undefined) =>
  Object.fromEntries((identification?.entries ?? []).map((entry) => [entry.indexItem, entry.holders]));
