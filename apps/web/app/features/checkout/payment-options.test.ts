import { holdersOfCpfs } from '@ingressos/contracts';
import { describe, expect, it } from 'vitest';
import { chargeTotal, holdersByItem, needsIdentification, paymentOptions } from './payment-options.ts';

const cart = (total: number, card: boolean, pix: boolean, gateway: string | null = 'MercadoPago') => ({
  totals: { total } as never,
  creditCardPaymentMethod: card,
  pixPaymentMethod: pix,
  checkoutGateway: gateway,
});
const plan = { installments: 3, installmentValue: 35, totalValue: 105 } as never;

describe('payment options', () => {
  it('offers card first when the gateway takes cards, else Pix', () => {
    expect(paymentOptions(cart(100, true, true), false).firstMethod).toBe('credit_card');
    expect(paymentOptions(cart(100, false, true), false).firstMethod).toBe('pix');
    expect(paymentOptions(cart(100, false, false), false).firstMethod).toBe('credit_card');
  });

  it('knows a free order, an event nobody sells, and a gateway paid only on its page', () => {
    expect(paymentOptions(cart(0, true, true, null), false)).toMatchObject({ free: true, unsellable: false });
    expect(paymentOptions(cart(10, true, true, null), false)).toMatchObject({
      free: false,
      unsellable: true,
    });
    expect(paymentOptions(cart(10, false, false), true).pageOnly).toBe(true);
    expect(paymentOptions(cart(10, false, false), false).pageOnly).toBe(false);
    expect(paymentOptions(cart(10, true, false), true).pageOnly).toBe(false);
  });

  it('charges the installment plan’s total by card, the cart’s total otherwise', () => {
    expect(chargeTotal('credit_card', plan, 100)).toBe(105);
    expect(chargeTotal('credit_card', undefined, 100)).toBe(100);
    expect(chargeTotal('pix', plan, 100)).toBe(100);
  });

  it('asks for a holder per unit of an item limited per CPF', () => {
    const items = {
      items: [
        { ticketByCpf: 4, quantity: 2 },
        { ticketByCpf: null, quantity: 3 },
      ] as never,
    };
    expect(needsIdentification(items, null)).toBe(true);
    const two = { entries: [{ indexItem: 0, holders: holdersOfCpfs(['1', '2']) }], transfers: [] };
    expect(needsIdentification(items, two)).toBe(false);
    expect(
      needsIdentification(items, {
        entries: [{ indexItem: 0, holders: holdersOfCpfs(['1']) }],
        transfers: [],
      }),
    ).toBe(true);
    expect(holdersByItem(two)).toEqual({ 0: holdersOfCpfs(['1', '2']) });
    expect(holdersByItem(undefined)).toEqual({});
  });
});
