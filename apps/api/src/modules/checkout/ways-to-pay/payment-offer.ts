import type { TCart, TCheckoutGateway } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TGatewayRegistry, TPaymentGateway } from '../../../adapters/payments/index.ts';
import { eq } from '../../../db/orm.ts';
import { events } from '../../../db/schema/index.ts';
import { paymentError } from '../messages.ts';
import type { TCheckoutServices } from '../services.ts';

/** How the cart may be paid (commerce §3 Cart), from what the event's gateway declares. */
export type TPaymentOffer = Pick<
  TCart,
  | 'checkoutGateway'
  | 'creditCardPaymentMethod'
  | 'pixPaymentMethod'
  | 'multiplePaymentMethod'
  | 'showYellowButton'
>;

const NOTHING: TPaymentOffer = {
  checkoutGateway: null,
  creditCardPaymentMethod: false,
  pixPaymentMethod: false,
  multiplePaymentMethod: false,
  showYellowButton: false,
};

/** What a gateway offers for an event in this currency: a method needs the gateway to take the currency. */
export function offerOf(
  gateways: TGatewayRegistry,
  gateway: TPaymentGateway | null,
  currency: string,
): TPaymentOffer {
  if (!gateway) return NOTHING;
  const { capabilities, currencies } = gateway;
  const card = capabilities.methods.includes('credit_card') && currencies.card.includes(currency);
  return {
    checkoutGateway: gateways.checkoutName(gateway),
    creditCardPaymentMethod: card,
    pixPaymentMethod: capabilities.methods.includes('pix') && currencies.pix.includes(currency),
    multiplePaymentMethod: card && capabilities.multiCard,
    showYellowButton: capabilities.walletButton,
  };
}

/** The cart as the buyer's client sees it: with the ways its event's gateway takes payment. */
export function withPaymentOffer<T extends TCart | null>(gateways: TGatewayRegistry, cart: T): T {
  if (!cart) return cart;
  return { ...cart, ...offerOf(gateways, gateways.forEvent(cart.gateway), cart.currency) };
}

/**
 * The gateway that sells an event (the site's default without one); 409 gateway_unavailable when
 * the event names a gateway this site has no credentials for.
 */
export async function gatewayForEvent(
  s: TCheckoutServices,
  eventId: number | undefined,
  locale: TLocale,
): Promise<TPaymentGateway> {
  const [event] = eventId
    ? await s.db.select({ gateway: events.gateway }).from(events).where(eq(events.id, eventId))
    : [];
  const gateway = s.gateways.forEvent(event?.gateway ?? null);
  if (!gateway) throw paymentError('gateway_unavailable', locale);
  return gateway;
}

/** Events the catalogue sells through a gateway that is not configured here (told at start). */
export async function unsellableEvents(s: TCheckoutServices) {
  const rows = await s.db.select({ id: events.id, slug: events.slug, gateway: events.gateway }).from(events);
  return rows.filter((row) => row.gateway !== null && !s.gateways.forEvent(row.gateway));
}

/** What the payment page (and the app's) loads of a gateway: its card form, key, hosted page and wallet. */
export function checkoutGatewayView(gateway: TPaymentGateway): TCheckoutGateway {
  return {
    kind: gateway.kind,
    cardFormScript: gateway.browser.cardForm.path,
    publicKey: gateway.browser.publicKey,
    testMode: gateway.browser.testMode,
    hostedCheckout: Boolean(gateway.capabilities.hostedCheckout && gateway.hostedCheckout),
    walletScript: gateway.walletScript?.path ?? null,
  };
}
