import { API_MESSAGES, type TApiError } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../modules/app-error.ts';

/**
 * A failure the HTTP layer itself decides (a body it cannot read, a limit): an AppError that also
 * carries its status. Use-cases throw plain AppError; http/error-status.ts maps their codes.
 */
export class HttpError extends AppError {
  override name = 'HttpError';
  readonly status: ContentfulStatusCode;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    issues?: TApiError['issues'],
    headers?: Record<string, string>,
  ) {
    super(code, message, { issues, headers });
    this.status = status;
  }
}

export function errorBody(code: string, message: string, issues?: TApiError['issues']): TApiError {
  return issues ? { Message: message, code, issues } : { Message: message, code };
}

export function notFoundJson(c: Context) {
  const locale = (c.get('locale') as TLocale | undefined) ?? 'pt-BR';
  return c.json(errorBody('not_found', API_MESSAGES[locale].request.not_found), 404);
}

/** What a request that lost its database connection answers (503, Retry-After): try again shortly. */
export function unavailableMessage(locale: TLocale | undefined): string {
  return API_MESSAGES[locale ?? 'pt-BR'].request.unavailable;
}

export function genericErrorMessage(locale: TLocale | undefined): string {
  return API_MESSAGES[locale ?? 'pt-BR'].request.unexpected;
}
