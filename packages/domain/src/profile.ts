import { NATIONALITY } from './account.ts';

export type TProfileForPayment = { nationality: number; stateIBGE: number | null; cityIBGE: number | null };

/**
 * Spec §5 "profile before payment": a foreigner may pay as is; a Brazilian needs both state and
 * city. The checkout calls this and otherwise sends the buyer to /dados-da-conta.
 */
export function isProfileReadyForPayment(user: TProfileForPayment): boolean {
  return user.nationality !== NATIONALITY.brazilian || (Boolean(user.stateIBGE) && Boolean(user.cityIBGE));
}
