import { GATEWAY_CODE_LIST, GATEWAY_CODES, gatewayKindOfCode } from '@ingressos/contracts/gateway-codes';
import { describe, expect, it } from 'vitest';
import { GATEWAY_OF_CODE } from './gateway.ts';
import { GATEWAY_KINDS } from './plugins.ts';

/** Issue 31 item 12: commerce §9's numeric gateway codes, one table for every gateway the product has. */
describe('the gateway codes of commerce §9', () => {
  it('give every gateway but the sandbox a code, and each code an adapter this build has', () => {
    const coded = new Set(Object.values(GATEWAY_CODES).map((entry) => entry.kind));
    expect([...GATEWAY_KINDS].filter((kind) => !coded.has(kind as never))).toEqual(['sandbox']);
    for (const code of GATEWAY_CODE_LIST) expect(GATEWAY_KINDS).toContain(gatewayKindOfCode(code));
  });

  it("keep the spec's numbers and names, PicPay at 2 between MercadoPago and Multiadquirente (Malga)", () => {
    expect(Object.fromEntries(GATEWAY_CODE_LIST.map((code) => [code, GATEWAY_CODES[code].name]))).toEqual({
      0: 'PagSeguro',
      1: 'MercadoPago',
      2: 'PicPay',
      3: 'Multiadquirente',
      4: 'MP_Pacaembu',
      5: 'MP_MultiplePaymentMethod',
      6: 'MP_Universal_Music',
      7: 'Stripe',
      8: 'Yuno',
    });
    expect(gatewayKindOfCode(2)).toBe('picpay');
    expect(gatewayKindOfCode(9)).toBeUndefined();
  });

  it('are the table the registry sells events by', () => {
    for (const code of GATEWAY_CODE_LIST) expect(GATEWAY_OF_CODE[code]).toBe(gatewayKindOfCode(code));
    expect(Object.keys(GATEWAY_OF_CODE).map(Number)).toEqual(GATEWAY_CODE_LIST);
  });
});
