import type { TLocale } from '@ingressos/domain';
import { apiMessage } from '../accounts/messages.ts';
import { AppError } from '../app-error.ts';
import { enrolmentByUuid, type TEnrolment } from './biometry-state.ts';
import { readBiometryToken } from './biometry-tokens.ts';
import { biometryError } from './messages.ts';
import type { TBiometryServices } from './services.ts';

/** Who acts on an enrolment: its owner's session, or an enrolment token made for it. */
export type TBiometryActor = { userId: string | null; token: string | null };
export type TEnrolmentAccess = { enrolment: TEnrolment; tokenId: string | null };

/**
 * The enrolment `uuid` if the actor may act on it. Someone else's uuid answers as an unknown one
 * (404), so a uuid proves nothing about who has biometry; a bad, expired or used token is a 403.
 */
export async function accessEnrolment(options: {
  s: TBiometryServices;
  uuid: string;
  actor: TBiometryActor;
  locale: TLocale;
}): Promise<TEnrolmentAccess> {
  const { s, uuid, actor, locale } = options;
  if (actor.token) {
    const tokenId = await readBiometryToken({
      db: s.db,
      secret: await s.secret(),
      token: actor.token,
      uuid,
      now: s.now(),
    });
    if (!tokenId) throw biometryError('biometry_token', 'token_invalid', locale);
    const enrolment = await enrolmentByUuid(s.db, uuid);
    if (!enrolment) throw biometryError('biometry_not_found', 'not_found', locale);
    return { enrolment, tokenId };
  }
  if (!actor.userId) throw new AppError('unauthenticated', apiMessage('unauthenticated', locale));
  const enrolment = await enrolmentByUuid(s.db, uuid);
  if (!enrolment || enrolment.userId !== actor.userId)
    throw biometryError('biometry_not_found', 'not_found', locale);
  return { enrolment, tokenId: null };
}
