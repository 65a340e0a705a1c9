import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { GATEWAY_OF_CODE, type TPaymentGateway } from './gateway.ts';
import { GATEWAY_PLUGINS } from './plugins.ts';
import type { TSandboxGateway } from './sandbox/adapter.ts';

export type { TCharge, TGatewayKind, TPaymentGateway } from './gateway.ts';

/**
 * Every gateway this process can charge through, and which one sells each event. Several can be
 * configured at once, each with its own credentials and webhook path; an event whose catalogue
 * entry names none is sold by the site's default (PAYMENT_GATEWAY); an event naming a gateway
 * that is not configured is not sellable (forEvent answers null).
 */
export type TGatewayRegistry = {
  /** The site's default: events that name no gateway. */
  default: TPaymentGateway;
  /** Every configured gateway, the default first. */
  all: readonly TPaymentGateway[];
  /** The gateway holding a payment (its row's `gateway`); null when no longer configured. */
  byKind(kind: string): TPaymentGateway | null;
  /** The gateway that sells an event, by its catalogue code (commerce §9); null when not configured. */
  forEvent(code: number | null): TPaymentGateway | null;
  /** The cart's `checkoutGateway` for a gateway (commerce §3). */
  checkoutName(gateway: TPaymentGateway): string;
};

export function createPaymentGateways(config: TConfig, db: TDb): TGatewayRegistry {
  // Each plug-in reads its own variables and answers null when they are not set; the
  // configuration (config.ts) refuses to start with half a gateway's variables.
  const configured = new Map<string, TPaymentGateway>();
  const checkoutNames = new Map<string, string>();
  for (const plugin of GATEWAY_PLUGINS) {
    const gateway = plugin.create(config, db);
    if (gateway) configured.set(plugin.kind, gateway);
    checkoutNames.set(plugin.kind, plugin.checkoutName);
  }
  const fallback = configured.get(config.PAYMENT_GATEWAY);
  // config.ts requires the default gateway's variables, so this only fails on a programming error.
  if (!fallback) throw new Error(`PAYMENT_GATEWAY=${config.PAYMENT_GATEWAY} is not configured`);
  return {
    default: fallback,
    all: [fallback, ...[...configured.values()].filter((g) => g !== fallback)],
    byKind: (kind) => configured.get(kind) ?? null,
    forEvent: (code) => (code === null ? fallback : (configured.get(GATEWAY_OF_CODE[code] ?? '') ?? null)),
    checkoutName: (gateway) => checkoutNames.get(gateway.kind)!,
  };
}

/** A gateway with test controls (the sandbox's 'simulate payment' of a Pix). */
export function hasTestControls(gateway: TPaymentGateway): gateway is TSandboxGateway {
  return 'payPix' in gateway;
}
