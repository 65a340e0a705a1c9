import type { TActivationOutcome } from '@ingressos/contracts/cart';
import { FINAL_WARNING_SECONDS, sessionModalFor, type TSessionModal } from '@ingressos/domain/cart';

export type TOutcome = Exclude<TActivationOutcome, 'ok'>;
export type TShown = TSessionModal | TOutcome | 'confirmClear';
/** A modal shown for an event rather than the clock: activation's outcome, expiry, or 'clear?'. */
export type TSpecial = { kind: TOutcome | 'cartExpired' | 'confirmClear'; lost: number };

/**
 * The timed warning for the seconds left (none without a cart or time), and its key. Issue 31: one
 * warning is one hold's one threshold. Keyed by the modal alone, renewing at /pagamento's first
 * warning silenced its final one (both are 'sessionEnding') and every warning of the holds renewed
 * after it.
 */
export function sessionWarning(exp: string | null, left: number | null, pathname: string) {
  const timed: TSessionModal =
    exp !== null && left !== null && left > 0 ? sessionModalFor(left, pathname === '/pagamento') : 'none';
  const final = left !== null && left <= FINAL_WARNING_SECONDS;
  return { timed, warningKey: `${exp ?? ''} ${timed} ${final ? 'final' : 'first'}` };
}

/** What shows: an event's modal first, else the timed warning unless the buyer already acted on it. */
export const shownModal = (
  special: TSpecial | null,
  timed: TSessionModal,
  warningKey: string,
  dismissed: string | null,
): TShown => special?.kind ?? (warningKey !== dismissed ? timed : 'none');

/** Where 'Finalizar compra' goes: back to the map while a table of the cart is below its minimum. */
export const checkoutPath = (cart: { incompleteTables: unknown[]; items: { slug?: string }[] } | null) =>
  cart && cart.incompleteTables.length > 0 ? `/eventmap/${cart.items[0]?.slug ?? ''}` : '/pagamento';

/** After renewing, the buyer is taken to the cart unless already in the cart or paying. */
export const afterRenew = (ok: boolean, pathname: string) =>
  ok && pathname !== '/carrinho' && pathname !== '/pagamento' ? '/carrinho' : null;
