import { API_MESSAGES, jsonPath } from '@ingressos/contracts';
import { accountMessage } from '@ingressos/contracts/account-messages';
import type { TLocale } from '@ingressos/domain';
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors.ts';

function locale(c: Context): TLocale {
  return (c.get('locale') as TLocale | undefined) ?? 'pt-BR';
}

/**
 * The one request parser of the API: every route reads its JSON body, form, query and path values
 * here, and validates them with its endpoint's schema (packages/contracts). Two answers to a wrong
 * shape, each the same wherever it is used: `parseWith` (the API's: the first bad field named in
 * the message) and `parseWithMessages` (the account forms': the catalogue's message of the field).
 */

/** Validates with the endpoint's schema; a failure is a 400 naming the first bad field, never a 500. */
export function parseWith<S extends z.ZodType>(c: Context, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: jsonPath(issue.path) || '(body)',
    message: issue.message,
  }));
  const first = issues[0]!;
  throw new HttpError(
    400,
    'invalid_request',
    `${API_MESSAGES[locale(c)].request.invalid_request}: ${first.path}: ${first.message}`,
    issues,
  );
}

/** Validates a value with a schema, or answers undefined: for calls that give their own answer to a wrong shape. */
export function parseOrUndefined<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The same limit and answer as the API's global body limit (http/app.ts). */
export const MAX_JSON_BODY = 64 * 1024;
const tooLarge = () => new HttpError(413, 'payload_too_large', 'Requisição muito grande.');

/**
 * The body as text, refused past MAX_JSON_BODY. With a Content-Length it is read straight from the
 * socket (the Node adapter's fast path, which a Web stream would defeat); without one, counted as it
 * streams in.
 */
async function readLimitedText(c: Context, max = MAX_JSON_BODY): Promise<string> {
  const length = c.req.header('content-length');
  if (length !== undefined && !c.req.header('transfer-encoding')) {
    if (Number(length) > max) throw tooLarge();
    return c.req.text();
  }
  const reader = c.req.raw.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Parses with the endpoint's contract, whose messages are keys of the account message catalogue;
 * a failure is a 400 whose Message is the first problem and whose issues list all of them, in
 * `locale` (the account forms show each beside its field).
 */
export function parseWithMessages<S extends z.ZodType>(
  schema: S,
  value: unknown,
  locale: TLocale,
): z.output<S> {
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

/**
 * The one JSON body reader: within MAX_JSON_BODY, and malformed JSON is a 400 'invalid_json'
 * (`malformed: 'missing'`: read as no body, the shape check then answering; the transfers' calls).
 * `maxBytes`: a call with a larger body of its own (the gate's sync), exempted from app.ts's limit.
 */
export async function readJsonBody(
  c: Context,
  options?: { malformed?: 'missing'; maxBytes?: number },
): Promise<unknown> {
  const text = await readLimitedText(c, options?.maxBytes);
  try {
    return text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    if (options?.malformed === 'missing') return undefined;
    throw new HttpError(400, 'invalid_json', API_MESSAGES[locale(c)].request.invalid_json);
  }
}

/** A form body (application/x-www-form-urlencoded or multipart); one that cannot be read is empty. */
export function readFormBody(c: Context): Promise<Record<string, unknown>> {
  return c.req.parseBody().catch(() => ({}));
}

/** Reads a JSON body and validates it: malformed JSON or a wrong shape is a 400 with a message. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseWith(c, schema, await readJsonBody(c));
}

/** A query or path id: a whole number from 1 to 2^31 − 1 (a PostgreSQL integer), else undefined. */
export function positiveInt(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}
