/**
 * commerce §9 "Gateways (numeric)": the one table of the numbers an event's catalogue entry (and the
 * cart's `gateway`) stores for the gateway that sells it, with the spec's name and the adapter
 * (apps/api/src/adapters/payments/<kind>.ts) that charges for it. The spec's numeric list has no 2;
 * its list of code names (NotSet, PagSeguro, MercadoPago, PicPay, Malga, …) puts PicPay between
 * MercadoPago (1) and Malga (3, Multiadquirente), so PicPay is 2 (docs/decisions.md). 4, 5 and 6 are
 * Mercado Pago accounts of particular sellers: one Mercado Pago configuration here.
 */
export const GATEWAY_CODES = {
  0: { name: 'PagSeguro', kind: 'pagbank' },
  1: { name: 'MercadoPago', kind: 'mercadopago' },
  2: { name: 'PicPay', kind: 'picpay' },
  3: { name: 'Multiadquirente', kind: 'malga' },
  4: { name: 'MP_Pacaembu', kind: 'mercadopago' },
  5: { name: 'MP_MultiplePaymentMethod', kind: 'mercadopago' },
  6: { name: 'MP_Universal_Music', kind: 'mercadopago' },
  7: { name: 'Stripe', kind: 'stripe' },
  8: { name: 'Yuno', kind: 'yuno' },
} as const;

export type TGatewayCode = keyof typeof GATEWAY_CODES;
/** An adapter that sells events by code (the sandbox sells only as the site's default: no code). */
export type TCodedGatewayKind = (typeof GATEWAY_CODES)[TGatewayCode]['kind'];

/** Every code, ascending: what the catalogue accepts. */
export const GATEWAY_CODE_LIST = Object.keys(GATEWAY_CODES).map(Number) as [TGatewayCode, ...TGatewayCode[]];

/** The adapter of a stored code; undefined for a number the spec does not define. */
export function gatewayKindOfCode(code: number): TCodedGatewayKind | undefined {
  return (GATEWAY_CODES as Record<number, { kind: TCodedGatewayKind } | undefined>)[code]?.kind;
}
