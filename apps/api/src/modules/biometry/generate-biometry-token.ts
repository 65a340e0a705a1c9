import type {
  TGenerateBiometryTokenAnswer,
  TGenerateBiometryTokenRequest,
} from '@ingressos/contracts/biometry';
import type { TLocale } from '@ingressos/domain';
import type { TBiometryStatus } from '@ingressos/domain/biometry';
import { isFinalBiometryStatus } from '@ingressos/domain/biometry-lifecycle';
import { accessEnrolment } from './biometry-access.ts';
import { issueBiometryToken } from './biometry-tokens.ts';
import { biometryError, biometryMessage } from './messages.ts';
import type { TBiometryServices } from './services.ts';

/**
 * generateToken: a single-use token for the owner's open enrolment and the page that continues it
 * (the QR code a phone scans). Refused for a finished enrolment: there is nothing left to capture.
 */
export async function generateBiometryToken(options: {
  s: TBiometryServices;
  userId: string;
  input: TGenerateBiometryTokenRequest;
  locale: TLocale;
}): Promise<TGenerateBiometryTokenAnswer> {
  const { s, input, locale } = options;
  const { enrolment } = await accessEnrolment({
    s,
    uuid: input.uuid,
    actor: { userId: options.userId, token: null },
    locale,
  });
  if (isFinalBiometryStatus(enrolment.status as TBiometryStatus))
    throw biometryError('biometry_closed', 'token_detail', locale, {
      detail: biometryMessage('closed', locale),
    });
  const { token, expiresAt } = await issueBiometryToken({
    db: s.db,
    secret: await s.secret(),
    uuid: enrolment.uuid,
    channel: input.channel,
    now: s.now(),
    ttlSeconds: s.config.BIOMETRY_TOKEN_TTL_SECONDS,
  });
  const query = new URLSearchParams({ uuid: enrolment.uuid, token });
  return {
    token,
    url: `${s.config.publicUrl}/reconhecimento-facial?${query.toString()}`,
    expiresAt: expiresAt.toISOString(),
  };
}
