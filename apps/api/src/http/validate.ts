import { accountMessage } from '@ingressos/contracts/account-messages';
import type { TLocale } from '@ingressos/domain';
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors.ts';
import { readJsonBody } from './parse-json.ts';

/**
 * The JSON body (within the API's size limit), or the one answer every endpoint gives to a body
 * that is not JSON: 400 'invalid_json' (http/parse-json.ts reads it).
 */
export function readJson(c: Context): Promise<unknown> {
  return readJsonBody(c);
}

/**
 * Parses with the endpoint's contract; a failure is a 400 whose Message is the first problem and
 * whose issues list all of them, in `locale`.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, locale: TLocale): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: accountMessage(issue.message, locale),
  }));
  throw new HttpError(
    400,
    'invalid_request',
    issues[0]?.message ?? accountMessage(undefined, locale),
    issues,
  );
}
