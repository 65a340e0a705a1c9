import type { TUser } from '@ingressos/contracts/accounts';
import { isProfileReadyForPayment } from '@ingressos/domain/profile';
import { redirect } from 'react-router';

/** The query parameter that makes /dados-da-conta show 'Para finalizar sua compra, complete o seu cadastro.' */
export const COMPLETE_PROFILE_PARAM = 'completarCadastro';

/**
 * Spec §5, profile before payment: the checkout's loader calls this. A Brazilian without state
 * and city is sent to /dados-da-conta with the warning, and comes back to `returnTo` after saving.
 */
export function requireProfileForPayment(user: TUser, returnTo = '/pagamento'): void {
  if (isProfileReadyForPayment(user)) return;
  const params = new URLSearchParams({ [COMPLETE_PROFILE_PARAM]: '1', redirect: returnTo });
  throw redirect(`/dados-da-conta?${params}`);
}
