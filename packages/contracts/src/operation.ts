import type { z } from 'zod';

/**
 * What the API documents about one call: its schemas per part of the request, its answer, who may
 * call it. The OpenAPI document (apps/api/src/http/openapi/) is generated from these; the web's
 * typed client reads their types only (never their code: the event page's script budget).
 */
export type TOperation = {
  summary: string;
  tag: TTag;
  /** public: anyone; session: a cookie or Bearer session, else 401; optional: a session changes the answer. */
  auth: 'public' | 'session' | 'optional';
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The JSON answer; absent when the answer is not JSON (then `produces` says what it is). */
  response?: z.ZodType;
  produces?: string;
  /** The success status when it is not 200. */
  status?: 201 | 302 | 303;
  /** Error statuses with the API error body worth naming beyond the defaults (400, 401, 5xx). */
  errors?: readonly number[];
  /** Extra documented answers with their own body (a 400 or 402 the spec shapes differently). */
  alternatives?: Readonly<Record<number, { description: string; schema: z.ZodType }>>;
  /**
   * The mounted path, OpenAPI-style, when it is wider than the path the web calls (a version
   * segment: `/api/{version}/removefromcart`); its parameter then comes from `params`.
   */
  route?: string;
  /** Mounted only in some deployments (local only, a test gateway): said in the description. */
  only?: string;
};

export type TTag =
  | 'Accounts'
  | 'Addresses'
  | 'Catalogue'
  | 'Commissioners'
  | 'Cart'
  | 'Checkout'
  | 'Tickets'
  | 'Transfers'
  | 'Pages'
  | 'Gateway'
  | 'Operations'
  | 'Development';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
