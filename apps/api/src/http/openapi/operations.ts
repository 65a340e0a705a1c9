import { ZWebhookAnswer } from '@ingressos/contracts/checkout-responses';
import { ENDPOINT_SCHEMAS } from '@ingressos/contracts/endpoint-schemas';
import { ENDPOINTS, type TEndpointName } from '@ingressos/contracts/endpoints';
import type { THttpMethod, TOperation } from '@ingressos/contracts/operation';
import { OTHER_ROUTES, type TOtherRoute } from '@ingressos/contracts/other-routes';
import { z } from 'zod';
import type { TPaymentGateway } from '../../adapters/payments/gateway.ts';

/** One documented call: its id, method, OpenAPI path (`{name}` parameters) and schemas. */
export type TDocumentedOperation = TOperation & { id: string; method: THttpMethod; path: string };

/** What this deployment mounts beyond the fixed table (conditional routes, the gateway's paths). */
export type TMountedExtras = {
  gateways: readonly Pick<TPaymentGateway, 'kind' | 'browser' | 'webhook' | 'walletScript'>[];
  testGateway: boolean;
  localMail: boolean;
  localSms: boolean;
  localTracking: boolean;
};

/** `/api/eventgroup/:id` → `/api/eventgroup/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * Every route this process mounts, with its schemas: the web's calls (ENDPOINTS with
 * ENDPOINT_SCHEMAS), the other routes (OTHER_ROUTES) present in this deployment, and the paths the
 * payment gateway's adapter declares.
 */
export function listOperations(extras: TMountedExtras): TDocumentedOperation[] {
  const calls = (Object.keys(ENDPOINTS) as TEndpointName[]).flatMap((name): TDocumentedOperation[] => {
    const op: TOperation = ENDPOINT_SCHEMAS[name];
    if (op.only && !extras.testGateway) return [];
    const { method, path } = ENDPOINTS[name];
    return [{ ...op, id: name, method, path: op.route ?? openApiPath(path) }];
  });
  const others = Object.entries(OTHER_ROUTES as Record<string, TOtherRoute>)
    .filter(([, route]) => !route.when || extras[route.when])
    .map(([id, { when: _when, ...route }]) => ({ ...route, id }));
  const gateway = extras.gateways.flatMap(
    ({ kind, browser, webhook, walletScript }): TDocumentedOperation[] => [
      // Ways to pay (issue 15): the wallet button's script, where the gateway has one.
      ...(walletScript
        ? [
            {
              id: `${kind}WalletScript`,
              method: 'GET' as const,
              path: walletScript.path,
              summary: `The ${kind} gateway's wallet button script, served from this origin`,
              tag: 'Gateway' as const,
              auth: 'public' as const,
              produces: 'text/javascript',
            },
          ]
        : []),
      {
        id: `${kind}CardForm`,
        method: 'GET',
        path: browser.cardForm.path,
        summary: `The ${kind} gateway's card-form script, served from this origin`,
        tag: 'Gateway',
        auth: 'public',
        produces: 'text/javascript',
      },
      ...(browser.session
        ? [
            {
              id: `${kind}Session`,
              method: 'POST' as const,
              path: browser.session.path,
              summary: `A ${kind} checkout session for the buyer's cart, which its card form needs before it mounts`,
              tag: 'Gateway' as const,
              auth: 'session' as const,
              response: z.object({ session: z.string() }),
              errors: [401, 409, 422, 429, 502],
            },
          ]
        : []),
      ...(webhook
        ? [
            {
              id: `${kind}Webhook`,
              method: 'POST' as const,
              path: webhook.path,
              summary: `The ${kind} gateway tells us a charge changed (signed; we then ask the gateway)`,
              tag: 'Gateway' as const,
              auth: 'public' as const,
              body: z.unknown(),
              response: ZWebhookAnswer,
              errors: [401, 413, 429],
            },
          ]
        : []),
    ],
  );
  return [...calls, ...others, ...gateway];
}
