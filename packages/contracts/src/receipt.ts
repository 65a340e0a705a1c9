import { z } from 'zod';
import { ZPaymentAnswer } from './checkout.ts';

/** One unit of an order as its receipt shows it: the holder's CPF hidden (***.456.789-**). */
export const ZReceiptItem = z.object({
  /** Position of the unit in the order (0, 1, ...), as on its ticket. */
  unit: z.number().int(),
  /** The lot the unit was sold from (the analytics item id, as in the cart). */
  lotId: z.number().int(),
  sectionName: z.string(),
  ticketName: z.string(),
  placeAlias: z.string().nullable(),
  /** The holder's name when the CPF belongs to an account, else null. */
  holderName: z.string().nullable(),
  holderCpf: z.string(),
  /** What the buyer paid for the unit, discounts applied, fees not included. */
  unitPrice: z.number(),
});

/** An issued ticket of the order that the caller still owns. */
export const ZReceiptTicket = z.object({ id: z.string(), qrSvg: z.string() });

/** The confirmation page's order: what was bought, for whom, and how it was paid. */
export const ZOrderReceipt = z.object({
  /** The short order number a buyer quotes to support (first 8 characters of the id, upper case). */
  number: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  event: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    poster: z.string(),
    /** ISO instant of the start, and the zone the page formats it in. */
    startsAt: z.string(),
    timeZone: z.string(),
    venue: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    past: z.boolean(),
  }),
  payment: z.object({
    /**
     * 'hosted': paid on the payment provider's own page (wallet button); 'multiple': split across
     * cards, each in `cards`.
     */
    method: z.enum(['credit_card', 'pix', 'free', 'hosted', 'multiple']),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    installments: z.number().int(),
    installmentValue: z.number(),
    /** Each approved card of a split, with what it was charged (its share plus its interest). */
    cards: z.array(
      z.object({
        brand: z.string().nullable(),
        last4: z.string().nullable(),
        amount: z.number(),
        installments: z.number().int(),
        installmentValue: z.number(),
      }),
    ),
  }),
  items: z.array(ZReceiptItem),
  subtotal: z.number(),
  /** Convenience and processing fees; null on orders made before the breakdown was kept. */
  fees: z.number().nullable(),
  protection: z.number().nullable(),
  /** commerce §6, §9: who sold the order: the site (channel 1, Site) or a commissioner (channel 2, SiteCommissioner). */
  seller: z.object({
    channel: z.number().int(),
    origin: z.string(),
    commissioner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
  discount: z.number(),
  interest: z.number(),
  total: z.number(),
  currency: z.string(),
  tickets: z.array(ZReceiptTicket),
  /**
   * An order that ended unpaid: whether its cart is still the buyer's (handed back with units it
   * holds). False when the units went back on sale (a decline by webhook, the reconciler, the hosted page).
   */
  cartKept: z.boolean(),
});
export type TOrderReceipt = z.infer<typeof ZOrderReceipt>;

/** GET /api/checkout/orders/:id: the payment's state plus the receipt. */
export const ZOrderAnswer = ZPaymentAnswer.extend({ receipt: ZOrderReceipt });
export type TOrderAnswer = z.infer<typeof ZOrderAnswer>;
