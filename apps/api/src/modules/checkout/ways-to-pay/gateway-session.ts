import type { TLocale } from '@ingressos/domain';
import { NATIONALITY } from '@ingressos/domain/account';
import { GatewayRefusedError, type TGatewaySession } from '../../../adapters/payments/gateway.ts';
import type { TUserRow } from '../../accounts/sessions.ts';
import { getCart } from '../../cart/get-cart.ts';
import { paymentError } from '../messages.ts';
import type { TCheckoutServices } from '../services.ts';
import { cartTotalCents } from './order-from-cart.ts';

/**
 * The session a gateway's browser SDK needs before its card fields mount (a gateway's
 * `browser.session`, as a checkout session of commerce §7's precheckout host):
 * for the signed-in buyer's cart, its amount the server's cart total in the cart's currency.
 * Nothing the page sends about amounts counts (and the charge step checks its own amounts again).
 */
export async function startGatewaySession(
  s: TCheckoutServices,
  session: TGatewaySession,
  input: { user: TUserRow; cartSession: string | undefined },
  locale: TLocale,
): Promise<{ session: string }> {
  const cart = input.cartSession ? await getCart(s.db, input.cartSession, locale) : null;
  if (!cart || cart.items.length === 0) throw paymentError('cart_empty', locale);
  const amountCents = cartTotalCents(cart);
  if (amountCents <= 0) throw paymentError('session_nothing_to_pay', locale);
  const { user } = input;
  try {
    return await session.start({
      amountCents,
      currency: cart.currency ?? 'BRL',
      payerEmail: user.email,
      payerCpf: user.nationality === NATIONALITY.brazilian ? user.document : undefined,
      externalRef: cart.id,
    });
  } catch (error) {
    s.log.warn('gateway session not started', { refused: error instanceof GatewayRefusedError, error });
    // A refusal is the gateway's answer (422); anything else, no answer (502).
    throw paymentError(error instanceof GatewayRefusedError ? 'session_refused' : 'session_failed', locale);
  }
}
