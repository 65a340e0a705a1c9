import type { TMail } from '../../adapters/mail/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TRenderRequest } from '../../db/schema/index.ts';
import type { TRenderer } from './deliver-outbox.ts';

/** What a renderer is given besides its request. */
export type TRenderDeps = { db: TDb; config: TConfig };

/** Makes one kind of message at its first delivery (null: nothing to send any more). */
export type TKindRenderer<K extends TRenderRequest['kind']> = (
  deps: TRenderDeps,
  request: Extract<TRenderRequest, { kind: K }>,
) => Promise<TMail | null>;

/**
 * Issue 32: the registry of renderers, one per kind of render request. The module that owns a
 * message exports its renderer (checkout: the purchase confirmation) and the composition root
 * (http/app.ts) fills this table, so the outbox imports no feature module. Every kind must have one:
 * the type asks for each kind of `TRenderRequest`.
 */
export type TMailRenderers = { [K in TRenderRequest['kind']]: TKindRenderer<K> };

/** The worker's one renderer over the registry: each request goes to its kind's renderer. */
export function registeredRenderer(renderers: TMailRenderers, deps: TRenderDeps): TRenderer {
  return (request) => renderers[request.kind](deps, request);
}
