import { createHash } from 'node:crypto';
import { ZApiError } from '@ingressos/contracts/errors';
import type { TTag } from '@ingressos/contracts/operation';
import { z } from 'zod';
import type { TDocumentedOperation } from './operations.ts';

export type TOpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: TTag; description: string }[];
  paths: Record<string, Record<string, TOpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};
type TSchema = Record<string, unknown>;
export type TOpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: TTag[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: TSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: TSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: TSchema }> }>;
};

const TAGS: Record<TTag, string> = {
  Accounts: 'Registration, log in, the session, the account, password reset, phone and captcha',
  Addresses: 'States, cities and postal codes',
  Catalogue: 'Events, groups, search, selling points, exclusive access, snapshots',
  Commissioners: 'Commissioner mode (authorised resellers): their events, their payments and their sales',
  Pages: 'Static and legal pages, robots.txt and the sitemap',
  Cart: 'Holding units in a cart session (cookie `cart_session` or header `x-session-id`)',
  Checkout: 'Paying, order status and ongoing purchases',
  Tickets: 'Issued tickets, their PDF and what gates verify',
  Transfers: 'Sending a ticket to another CPF',
  Gateway: "The payment gateway's own paths",
  Operations: 'Health and this document',
  Development: 'Local outboxes (local deployments only)',
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends or receives. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): TSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as TSchema;
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const json = (schema: TSchema) => ({ 'application/json': { schema } });
const apiError = (description: string) => ({ description, content: json(ERROR_REF) });

function parameters(op: TDocumentedOperation): TOpenApiOperation['parameters'] {
  const out: NonNullable<TOpenApiOperation['parameters']> = [];
  const parts = [
    ['path', op.params],
    ['query', op.query],
    ['header', op.headers],
  ] as const;
  for (const [where, schema] of parts) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as {
      properties?: Record<string, TSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {}))
      out.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: property,
      });
  }
  // A path parameter with no schema of its own is a plain string.
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g))
    if (!out.some((p) => p.in === 'path' && p.name === name))
      out.push({ name: name!, in: 'path', required: true, schema: { type: 'string' } });
  return out.length ? out : undefined;
}

function responses(op: TDocumentedOperation): TOpenApiOperation['responses'] {
  const status = String(op.status ?? 200);
  const ok = op.response
    ? { description: op.summary, content: json(jsonSchema(op.response, 'output')) }
    : op.produces
      ? { description: op.summary, content: { [op.produces]: { schema: { type: 'string' } } } }
      : { description: op.status === 303 ? 'Redirects (Location header)' : op.summary };
  const out: TOpenApiOperation['responses'] = { [status]: ok };
  if (op.params || op.query || op.body || op.headers)
    out['400'] = apiError('Bad input: `Message` names the first problem, `issues` all of them');
  if (op.auth === 'session') out['401'] = apiError('No valid session');
  for (const code of op.errors ?? []) out[String(code)] ??= apiError('See `code` and `Message`');
  for (const [code, alternative] of Object.entries(op.alternatives ?? {}))
    out[code] = {
      description: alternative.description,
      content: json(jsonSchema(alternative.schema, 'output')),
    };
  out.default = apiError("Any other failure, with the API error body (`Message` in the caller's language)");
  return out;
}

const SESSION: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearer: [] }];
const SECURITY: Record<TDocumentedOperation['auth'], TOpenApiOperation['security']> = {
  public: [],
  session: SESSION,
  optional: [{}, ...SESSION],
};

/** The OpenAPI 3.1 document of `operations`, generated from their zod schemas. */
export function buildOpenApiDocument(
  operations: readonly TDocumentedOperation[],
  options: { title: string; version: string; publicUrl: string; cookieName: string },
): TOpenApiDocument {
  const paths: TOpenApiDocument['paths'] = {};
  for (const op of operations) {
    const operation: TOpenApiOperation = {
      operationId: op.id,
      summary: op.summary,
      ...(op.only ? { description: `Mounted only ${op.only}.` } : {}),
      tags: [op.tag],
      security: SECURITY[op.auth],
      parameters: parameters(op),
      ...(op.body ? { requestBody: { required: true, content: json(jsonSchema(op.body, 'input')) } } : {}),
      responses: responses(op),
    };
    if (!operation.parameters) delete operation.parameters;
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = operation;
  }
  const used = new Set(operations.map((op) => op.tag));
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.title} API`,
      version: options.version,
      description:
        'Every call this server mounts, generated from the zod contracts in packages/contracts. ' +
        'Errors answer `{Message, code, issues?}`; messages follow Accept-Language (pt-BR or en). ' +
        'Browsers authenticate with the HttpOnly session cookie, apps with a Bearer token.',
    },
    servers: [{ url: options.publicUrl }],
    tags: (Object.keys(TAGS) as TTag[])
      .filter((t) => used.has(t))
      .map((name) => ({ name, description: TAGS[name] })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(ZApiError, 'output') },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: options.cookieName },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The `token` that login and registration answer',
        },
      },
    },
  };
}

/** A strong ETag of the document's bytes: the same build and configuration give the same tag. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
