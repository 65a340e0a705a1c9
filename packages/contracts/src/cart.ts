import { z } from 'zod';
import type { TApiMessages } from './messages/index.ts';

/**
 * The cart calls of commerce §7 "Cart", with the spec's field names. Ids are the catalogue's
 * numeric ids; the session id is a secret the browser keeps (cookie or storage) that owns the cart.
 */

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZSessionId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be the session id this API gave');

/** PUT /api/refresh-expiration/{cartId}: the cart id this API gave (URL-safe base64). */
export const ZCartId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the cart id this API gave');

/** POST api/v4/addtocart */
export const ZAddToCartRequest = z.object({
  sessionId: ZSessionId.nullish(),
  lotId: ZId,
  quantity: z.coerce.number().int().min(1).max(100),
  quantityTotal: z.coerce.number().int().min(0).max(1000).nullish(),
  controlledPlaceId: ZId.nullish(),
  SocialEventId: ZId.nullish(),
  holdToken: z.string().max(200).nullish(),
  /** commerce §6: in commissioner mode, the commissioner selling (checked: active, and sells the event). */
  commissionerId: ZId.nullish(),
});
export type TAddToCartRequest = z.infer<typeof ZAddToCartRequest>;

/** POST api/{v}/removefromcart */
export const ZRemoveFromCartRequest = z.object({
  sessionId: ZSessionId,
  lotId: ZId,
  quantity: z.coerce.number().int().min(1).max(1000).nullish(),
  controlledPlaceId: ZId.nullish(),
  holdToken: z.string().max(200).nullish(),
});
export type TRemoveFromCartRequest = z.infer<typeof ZRemoveFromCartRequest>;

/** POST api/v3/getcart */
export const ZGetCartRequest = z.object({ sessionId: ZSessionId, token: z.string().max(4096).nullish() });

/** POST /api/v4/activatecart */
export const ZActivateCartRequest = z.object({
  // The cart id's own shape (issue 31: a NUL byte reached the database and answered 500).
  id: ZCartId,
  sessionId: ZSessionId.nullish(),
});

/** POST /api/v3/leaveCart */
export const ZLeaveCartRequest = z.object({ sessionId: ZSessionId });

/** Spec §9 channel: 0 APP, 1 SITE, 2 COMMISSIONER. */
export const CHANNEL = { APP: 0, SITE: 1, COMMISSIONER: 2 } as const;

/**
 * POST /api/validatepromotion (spec "Coupon validation request"). The four messages are the
 * spec's client-side ones; the page checks them before sending and the server again on arrival.
 */
export const ZValidatePromotionRequest = z.object({
  lotRequesteds: z
    .array(z.object({ lotId: ZId, quantity: z.coerce.number().int().min(1).max(100) }), {
      error: 'Nenhum lote para validar o cupom.',
    })
    .min(1, 'Nenhum lote para validar o cupom.')
    .max(50),
  eventId: z
    .number({ error: 'Nenhum evento para validar o cupom.' })
    .int({ error: 'Nenhum evento para validar o cupom.' })
    .positive({ error: 'Nenhum evento para validar o cupom.' })
    .max(2_147_483_647),
  promoCode: z
    .string({ error: 'Nenhum cupom para validar.' })
    .trim()
    .min(1, 'Nenhum cupom para validar.')
    .max(40, 'Nenhum cupom para validar.')
    // No control characters (issue 31: a NUL byte reached the database and answered 500).
    .regex(/^[^\p{Cc}]*$/u, 'Nenhum cupom para validar.'),
  channel: z.union([z.literal(0), z.literal(1), z.literal(2)], {
    error: 'Nenhum canal para validar o cupom.',
  }),
  sessionId: ZSessionId.nullish(),
});
export type TValidatePromotionRequest = z.infer<typeof ZValidatePromotionRequest>;

/** POST /api/cart/protection: the refund-protection choice ('none' declines it). */
export const ZChooseProtectionRequest = z.object({
  sessionId: ZSessionId.nullish(),
  provider: z.enum(['bilheto', 'none']),
});

/** The cart's failures (spec §8 "Cart"): their texts are `API_MESSAGES[locale].cart` (messages/). */
export type TCartErrorCode = keyof TApiMessages['cart'];

export type TCartCoordinates = {
  controlledPlaceId: number;
  controlledPlaceAlias: string;
  alias: string;
  row: string | null;
  tableNumber: number | null;
  SeatsLocation: string;
  SeatsTable: boolean;
  min: number;
  max: number;
  available: number;
  status: string;
  quantity: number;
};

/** Spec "Cart item". Money in decimal reais (or dollars) rounded to cents. */
export type TCartItem = {
  id: number;
  ticketId: number;
  eventId: number;
  eventName: string;
  eventCity: string;
  eventState: string;
  eventDate: string;
  slug: string;
  hour: string;
  /** The event's IANA time zone: its date and hour are shown there, wherever the buyer is. */
  timeZone: string;
  place: string;
  address: string;
  addressNumber: string;
  docTypes: number;
  images: { poster: string };
  lotId: number;
  lotNumber: number;
  quantity: number;
  value: number;
  available: number;
  bookAsAWhole: boolean;
  noInterest: boolean;
  type: 0 | 1 | 2;
  sectionName: string;
  alias: string;
  ticketName: string;
  taxTotal: number;
  taxAppTotal: number;
  LotProcessingFeeAdd: boolean;
  LotProcessingFeeValue: number;
  valueRefundServiceSite: number;
  /** commerce §3: the refund service's value when a commissioner sells the cart (the event's commissioner rate). */
  valueRefundServiceCommissioner: number;
  minQtd: number;
  ownerControl: boolean;
  individualTicketControl: 'Sim' | 'Não';
  ticketByCpf: number | null;
  facialIsActive: boolean;
  facialValidationIsActive: boolean;
  facialAtMomentOfPurchase: boolean;
  onlineNote: string;
  coordinates: TCartCoordinates | null;
  /** Distinguishes the two parts of a line a coupon split (`{id}` and `{id}:full`). */
  lineId: string;
  promoTicket: boolean;
  promoTicketQuantity: number;
  /** Discount of one unit, and the unit price after it. */
  discountValue: number;
  valuePromo: number;
  promoCode: string | null;
  promotionCodeId: number | null;
  quantityCuponsApplied: number;
};

/** What the buyer pays, computed by the server (spec §5 "Totals"); summaryTotal leaves out the processing fee. */
export type TCartTotals = {
  subtotal: number;
  convenienceFee: number;
  processingFee: number;
  protection: number;
  discount: number;
  total: number;
  summaryTotal: number;
};

/** Spec "Cart". `exp` is the ISO instant the holds end; the page counts down from it. */
export type TCart = {
  id: string;
  exp: string;
  /** The event's currency: every amount of the cart is in it (R$ or U$). */
  currency: 'BRL' | 'USD';
  holdToken: string | null;
  eventId: number | null;
  docType: number;
  useTicketLots: boolean;
  /** The event's gateway by the spec's enumeration (commerce §9, gateway-codes.ts); null: the site's default. */
  gateway: number | null;
  /** The gateway's code name (commerce §3/§9: MercadoPago, PagSeguro, Malga, Yuno…); null when no configured gateway sells the event. */
  checkoutGateway: string | null;
  /** The gateway's wallet button (the spec's yellow button) is offered. */
  showYellowButton: boolean;
  creditCardPaymentMethod: boolean;
  pixPaymentMethod: boolean;
  multiplePaymentMethod: boolean;
  /** commerce §3: the payment asks for the buyer's NF-e document (CPF or CNPJ); the event's catalogue flag. */
  isNfeMandatory: boolean;
  /** commerce §3: taken from the commissioner's refund service when a commissioner sells the cart, else the site's. */
  refund: { IsActive: boolean; percent: number };
  /** commerce §6: the commissioner selling this cart (its id is the order's seller id), null for the site. */
  commissionerId: number | null;
  items: TCartItem[];
  incompleteTables: number[];
  /** Spec "Protection": the chosen provider, or null while the buyer has not chosen. */
  protection: { provider: 'bilheto' | 'none'; quoteId: string; value: number } | null;
  totals: TCartTotals;
};

export type TCartAnswer = {
  status: 'success' | 'error';
  message: string;
  sessionID: string;
  cart: TCart | null;
};

/** What activating (renewing) a cart found (spec §4 "Cart"): the modal the page opens. */
export type TActivationOutcome = 'ok' | 'lotPartiallySold' | 'lotSoldOut' | 'multipleLotsSoldOut';
