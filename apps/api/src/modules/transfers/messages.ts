import { TRANSFER_MESSAGES, type TTransferErrorCode } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { interpolate } from '@ingressos/domain/interpolate';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../http/errors.ts';

export function transferMessage(
  code: TTransferErrorCode,
  locale: TLocale,
  vars: Record<string, string> = {},
) {
  return interpolate(TRANSFER_MESSAGES[code][locale], vars);
}

export function transferError(
  status: ContentfulStatusCode,
  code: TTransferErrorCode,
  locale: TLocale,
  vars: Record<string, string> = {},
) {
  return new HttpError(status, code, transferMessage(code, locale, vars));
}
