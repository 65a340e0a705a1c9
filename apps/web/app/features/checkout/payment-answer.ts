import type { TPaymentAnswer } from '@ingressos/contracts';
import type { TApiResult } from '~/shared/api-client.ts';
import { toast } from '~/ui/toast-store.ts';

type TFailure = Exclude<TApiResult<TPaymentAnswer>, { ok: true }>;

/**
 * What both ways to pay (use-pay.ts, use-split-pay.ts) do with a payment call that failed. A
 * refused charge (402) still answers the order, shown like any other outcome; null when the call
 * got no order (a validation error, no connection).
 */
export function refusedOrder(answer: TFailure): TPaymentAnswer | null {
  return answer.body?.orderId ? (answer.body as TPaymentAnswer) : null;
}

/** A payment that got no order: its reason on the page and in a toast. */
export function tellFailure(text: string, setMessage: (text: string) => void) {
  setMessage(text);
  toast.error(text);
}
