import type { TApiError } from '@ingressos/contracts';

/**
 * What a use-case throws when it refuses something: a stable code and the message in the caller's
 * language. It knows nothing of HTTP: the one mapping from code to status is http/error-status.ts.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: string;
  readonly issues: TApiError['issues'];
  /** Extra response headers, such as Retry-After on a 429 or x-redirect. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: string,
    message: string,
    extra: { issues?: TApiError['issues']; headers?: Record<string, string> } = {},
  ) {
    // No stack: a refusal is an answer, not a fault, and capturing one was 2 % of the CPU of a
    // process refusing a bot's calls (issue 37's waiting-room profile).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.issues = extra.issues;
    this.headers = extra.headers;
  }
}
