import { z } from 'zod';
import type {
  TActivationOutcome,
  TCart,
  TCartAnswer,
  TCartCoordinates,
  TCartItem,
  TCartTotals,
} from './cart.ts';
import { sameShape, type TSame } from './type-equal.ts';

/**
 * The answers of the cart calls (commerce §7 "Cart") as schemas, for the OpenAPI document. Each
 * is proven equal at compile time to the hand-written type in cart.ts that code reads.
 */

const ZCartCoordinates = z.object({
  controlledPlaceId: z.number(),
  controlledPlaceAlias: z.string(),
  alias: z.string(),
  row: z.string().nullable(),
  tableNumber: z.number().nullable(),
  SeatsLocation: z.string(),
  SeatsTable: z.boolean(),
  min: z.number(),
  max: z.number(),
  available: z.number(),
  status: z.string(),
  quantity: z.number(),
});
sameShape<TSame<z.output<typeof ZCartCoordinates>, TCartCoordinates>>(true);

export const ZCartItem = z.object({
  id: z.number(),
  ticketId: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  eventCity: z.string(),
  eventState: z.string(),
  eventDate: z.string(),
  slug: z.string(),
  hour: z.string(),
  timeZone: z.string(),
  place: z.string(),
  address: z.string(),
  addressNumber: z.string(),
  docTypes: z.number(),
  images: z.object({ poster: z.string() }),
  lotId: z.number(),
  lotNumber: z.number(),
  quantity: z.number(),
  value: z.number(),
  available: z.number(),
  bookAsAWhole: z.boolean(),
  noInterest: z.boolean(),
  type: z.literal([0, 1, 2]),
  sectionName: z.string(),
  alias: z.string(),
  ticketName: z.string(),
  taxTotal: z.number(),
  taxAppTotal: z.number(),
  LotProcessingFeeAdd: z.boolean(),
  LotProcessingFeeValue: z.number(),
  valueRefundServiceSite: z.number(),
  valueRefundServiceCommissioner: z.number(),
  minQtd: z.number(),
  ownerControl: z.boolean(),
  individualTicketControl: z.enum(['Sim', 'Não']),
  ticketByCpf: z.number().nullable(),
  facialIsActive: z.boolean(),
  facialValidationIsActive: z.boolean(),
  facialAtMomentOfPurchase: z.boolean(),
  onlineNote: z.string(),
  coordinates: ZCartCoordinates.nullable(),
  lineId: z.string(),
  promoTicket: z.boolean(),
  promoTicketQuantity: z.number(),
  discountValue: z.number(),
  valuePromo: z.number(),
  promoCode: z.string().nullable(),
  promotionCodeId: z.number().nullable(),
  quantityCuponsApplied: z.number(),
});
sameShape<TSame<z.output<typeof ZCartItem>, TCartItem>>(true);

const ZCartTotals = z.object({
  subtotal: z.number(),
  convenienceFee: z.number(),
  processingFee: z.number(),
  protection: z.number(),
  discount: z.number(),
  total: z.number(),
  summaryTotal: z.number(),
});
sameShape<TSame<z.output<typeof ZCartTotals>, TCartTotals>>(true);

export const ZCart = z.object({
  id: z.string(),
  exp: z.string().describe('ISO instant the holds end'),
  currency: z.enum(['BRL', 'USD']),
  holdToken: z.string().nullable(),
  eventId: z.number().nullable(),
  docType: z.number(),
  useTicketLots: z.boolean(),
  gateway: z
    .number()
    .nullable()
    .describe("The event's gateway (commerce §9 enumeration); null: the site's default"),
  checkoutGateway: z
    .string()
    .nullable()
    .describe("The gateway's code name; null when the event cannot be sold"),
  showYellowButton: z.boolean(),
  creditCardPaymentMethod: z.boolean(),
  pixPaymentMethod: z.boolean(),
  multiplePaymentMethod: z.boolean(),
  isNfeMandatory: z.boolean().describe('The payment asks for the NF-e document (CPF or CNPJ)'),
  refund: z.object({ IsActive: z.boolean(), percent: z.number() }),
  commissionerId: z
    .number()
    .int()
    .nullable()
    .describe('The commissioner selling this cart (the seller id); null for the site'),
  items: z.array(ZCartItem),
  incompleteTables: z.array(z.number()),
  protection: z
    .object({ provider: z.enum(['bilheto', 'none']), quoteId: z.string(), value: z.number() })
    .nullable(),
  totals: ZCartTotals,
});
sameShape<TSame<z.output<typeof ZCart>, TCart>>(true);

/** addtocart, removefromcart, getcart, protection: the session's cart (getcart: null when none). */
export const ZCartAnswer = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  sessionID: z.string(),
  cart: ZCart.nullable(),
});
sameShape<TSame<z.output<typeof ZCartAnswer>, TCartAnswer>>(true);
export const ZGetCartAnswer = ZCartAnswer.extend({ sessionID: z.string().nullable() });

const ZActivationOutcome = z.enum(['ok', 'lotPartiallySold', 'lotSoldOut', 'multipleLotsSoldOut']);
sameShape<TSame<z.output<typeof ZActivationOutcome>, TActivationOutcome>>(true);
export const ZActivateCartAnswer = z.object({
  decreasedQuantity: z.number(),
  outcome: ZActivationOutcome,
  soldOutLots: z.array(z.number()),
  partiallySoldLots: z.array(z.number()),
  cart: ZCart.nullable(),
});

export const ZLeaveCartAnswer = z.object({ status: z.literal('success'), message: z.string() });
export const ZRenewCartAnswer = z.object({ exp: z.string() });

export const ZValidatePromotionAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  promotionCodeId: z.number(),
  promoCode: z.string(),
  quantityCuponsApplied: z.number().describe('Units of the request the code discounts'),
  cart: ZCart.nullable(),
});
