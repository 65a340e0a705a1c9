import { jsonPath } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors.ts';

const MESSAGES: Record<TLocale, { json: string; invalid: string }> = {
  'pt-BR': {
    json: 'O corpo da requisição não é um JSON válido.',
    invalid: 'Requisição inválida',
  },
  en: { json: 'The request body is not valid JSON.', invalid: 'Invalid request' },
};

function locale(c: Context): TLocale {
  return (c.get('locale') as TLocale | undefined) ?? 'pt-BR';
}

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
    `${MESSAGES[locale(c)].invalid}: ${first.path}: ${first.message}`,
    issues,
  );
}

/** Reads a JSON body and validates it: malformed JSON or a wrong shape is a 400 with a message. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', MESSAGES[locale(c)].json);
  }
  return parseWith(c, schema, value);
}
