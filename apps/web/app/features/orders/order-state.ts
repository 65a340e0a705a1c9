import type { TOrderAnswer } from '@ingressos/contracts';

/** What the confirmation page says about an order, from its §4 order and payment status. */
export type TOrderState =
  | 'approved'
  | 'processing'
  | 'review'
  | 'pix'
  | 'declined'
  | 'cancelled'
  | 'refunded';

export function orderState(
  answer: Pick<TOrderAnswer, 'orderStatus' | 'status' | 'transactionStatus' | 'pix'>,
): TOrderState {
  if (answer.transactionStatus === 'success') return 'approved';
  switch (answer.orderStatus) {
    case 1:
      if (answer.pix) return 'pix';
      return answer.status === 'in_process' ? 'review' : 'processing';
    case 6:
      return 'refunded';
    case 7:
      return 'declined';
    case 8:
      return 'cancelled';
    default:
      return 'processing';
  }
}

/** Only these keep changing on their own: the page asks again until they settle. */
export const settling = (state: TOrderState) => state === 'processing' || state === 'review';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  mastercard: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
};

export const brandName = (brand: string) =>
  BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
