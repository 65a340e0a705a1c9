import { accountMessage } from '@ingressos/contracts/account-messages';
import type { TLocale } from '@ingressos/domain';
import type { Context } from 'hono';
import type { z } from 'zod';
import { apiMessage } from '../modules/accounts/messages.ts';
import { HttpError } from './errors.ts';

/** The JSON body, or a 400 with a message when it is not JSON at all. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'malformed_json', apiMessage('malformedJson', c.get('locale') as TLocale));
  }
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
