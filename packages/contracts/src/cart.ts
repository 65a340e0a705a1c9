import { z } from 'zod';

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
  id: z.string().min(1).max(64),
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
    .max(40, 'Nenhum cupom para validar.'),
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

/** Error codes of the cart, each with the spec's message (§8 "Cart add", "Cart and events"). */
export const CART_MESSAGES = {
  limit_reached: {
    'pt-BR': 'Você atingiu o limite máximo de ingressos por compra.',
    en: 'You have reached the maximum number of tickets per purchase.',
  },
  cart_limit: {
    'pt-BR':
      'E possivel adicionar somente {n} ingressos por vez em seu carrinho, finalize essa compra e adquira mais ingressos em uma proxima.',
    en: 'You can only add {n} tickets to your cart at a time; finish this purchase and buy more in a new one.',
  },
  lot_insufficient: {
    'pt-BR':
      'A quantidade de ingressos selecionada não está disponível neste lote, aguarde o próximo lote ou diminua a quantidade selecionada.',
    en: 'The selected quantity is not available in this batch; wait for the next batch or choose fewer tickets.',
  },
  lot_sold_out: {
    'pt-BR': 'Este lote está esgotado, aguarde um momento para geração do novo.',
    en: 'This batch is sold out; please wait a moment for the next one.',
  },
  add_failed: { 'pt-BR': 'Falha ao adicionar item no carrinho', en: 'Could not add the item to the cart' },
  different_events: {
    'pt-BR': 'Não é permitido a compra de ingressos de eventos diferentes',
    en: 'Tickets from different events cannot be bought together',
  },
  unknown: { 'pt-BR': 'Erro desconhecido', en: 'Unknown error' },
  cart_expired: { 'pt-BR': 'Carrinho expirado', en: 'Cart expired' },
  cart_not_found: { 'pt-BR': 'Carrinho nao encontrado', en: 'Cart not found' },
  item_build_failed: { 'pt-BR': 'Erro ao gerar item do carrinho', en: 'Could not build the cart item' },
  place_unavailable: {
    'pt-BR': 'Este lugar não está mais disponível, escolha outro.',
    en: 'This seat is no longer available, please choose another.',
  },
  event_over: { 'pt-BR': 'Evento ja Realizado', en: 'This event has already taken place' },
  renewal_limit: {
    'pt-BR': 'Erro ao renovar tempo do carrinho.',
    en: 'Could not renew the cart time.',
  },
  promo_invalid: {
    'pt-BR': 'Cupom inválido, expirado ou esgotado para este evento.',
    en: 'This coupon is invalid, expired or used up for this event.',
  },
  promo_used_up: {
    'pt-BR': 'Os usos deste cupom já foram reservados por outros compradores.',
    en: "This coupon's uses are already taken by other buyers.",
  },
  lot_not_on_sale: {
    'pt-BR': 'Este lote ainda não está à venda. Escolha o lote disponível.',
    en: 'This batch is not on sale yet. Choose the batch on sale.',
  },
  protection_required: {
    'pt-BR': 'Uma selecao obrigatoria nao foi preenchida.',
    en: 'A required choice was not made.',
  },
  exclusive_required: {
    'pt-BR': 'Venda exclusiva: valide seu código de acesso para adicionar estes ingressos.',
    en: 'Exclusive sale: validate your access code to add these tickets.',
  },
  already_in_cart: {
    'pt-BR': 'Este lugar já está no seu carrinho.',
    en: 'This seat is already in your cart.',
  },
} as const;
export type TCartErrorCode = keyof typeof CART_MESSAGES;

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
  creditCardPaymentMethod: boolean;
  pixPaymentMethod: boolean;
  multiplePaymentMethod: boolean;
  refund: { IsActive: boolean; percent: number };
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
