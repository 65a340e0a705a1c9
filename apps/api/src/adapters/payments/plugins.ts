import { malgaPlugin } from './malga/plugin.ts';
import { mercadopagoPlugin } from './mercadopago/plugin.ts';
import { pagbankPlugin } from './pagbank/plugin.ts';
import { picpayPlugin } from './picpay/plugin.ts';
import { sandboxPlugin } from './sandbox/plugin.ts';
import { stripePlugin } from './stripe/plugin.ts';
import { yunoPlugin } from './yuno/plugin.ts';

/**
 * The registry: every gateway this build has, one line each (its folder declares the rest:
 * settings, webhook, card form, adapter). config.ts takes their settings from here, index.ts
 * configures them in this order (after the site's default).
 */
export const GATEWAY_PLUGINS = [
  sandboxPlugin,
  mercadopagoPlugin,
  stripePlugin,
  pagbankPlugin,
  yunoPlugin,
  malgaPlugin,
  picpayPlugin,
] as const;

export type TGatewayKind = (typeof GATEWAY_PLUGINS)[number]['kind'];

/** The gateways this build knows, in the registry's order. */
export const GATEWAY_KINDS = GATEWAY_PLUGINS.map((plugin) => plugin.kind) as [
  TGatewayKind,
  ...TGatewayKind[],
];
