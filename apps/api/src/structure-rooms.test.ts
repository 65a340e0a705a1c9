import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const checkout = path.join(root, 'modules/checkout');
const tickets = path.join(root, 'modules/tickets');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

const read = (files: string[]) =>
  new Map(files.map((file) => [path.relative(root, file), readFileSync(file, 'utf8')]));

/** The files (besides `owner`) that call any of `names`: a call is `name(` or `name<`, not its definition. */
export function callersOf(texts: Map<string, string>, owner: string, names: string[]): string[] {
  const call = new RegExp(`(?<!function\\s)\\b(${names.join('|')})\\s*[(<]`);
  return [...texts].filter(([file, text]) => file !== owner && call.test(text)).map(([file]) => file);
}

/** The files (besides `owner`) that turn a decimal amount into cents by hand (`* 100`). */
export function centsConversions(texts: Map<string, string>, owner: string): string[] {
  return [...texts].filter(([file, text]) => file !== owner && /\*\s*100\b/.test(text)).map(([file]) => file);
}

/** The files that import (at run time or as a type) anything under the folder `to`. */
export function importersOf(texts: Map<string, string>, to: string): string[] {
  return [...texts]
    .filter(([file, text]) =>
      [...text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)].some((match) =>
        path.resolve(root, path.dirname(file), match[1]!).startsWith(`${to}${path.sep}`),
      ),
    )
    .map(([file]) => file);
}

/**
 * Issue 32, rooms for checkout: every way to pay runs the one preamble (ways-to-pay/prepare-checkout.ts),
 * amounts become cents in one file (ways-to-pay/order-from-cart.ts), and tickets and receipts are a
 * module below checkout (checkout uses tickets; tickets never import checkout, so no folder loop).
 * Each rule has a negative control below it: a violating text it must see (a deliberate violation
 * in the tree, e.g. `validateIdentification(` called in create-payment.ts, fails the first test).
 */
describe('API structure: rooms for checkout', () => {
  const inCheckout = read(sources(checkout));
  const prepare = 'modules/checkout/ways-to-pay/prepare-checkout.ts';
  const preamble = [
    'assertMayPay',
    'orderOfKey',
    'requestHash',
    'assertIdempotencyKey',
    'validateIdentification',
  ];

  it('runs the checkout preamble only in prepare-checkout.ts (identification, may-pay, Idempotency-Key, replay)', () => {
    expect(inCheckout.has(prepare)).toBe(true);
    expect(callersOf(inCheckout, prepare, preamble)).toEqual([]);
  });

  it('sees a way to pay that runs the preamble itself', () => {
    const texts = new Map([
      [prepare, 'const id = await validateIdentification(s.db, cart, request, locale);'],
      ['modules/checkout/ways-to-pay/new-way.ts', 'assertMayPay(user, locale);'],
      ['modules/checkout/ways-to-pay/other.ts', 'const id = await orderOfKey(s, attempt, locale);'],
      ['modules/checkout/ways-to-pay/fine.ts', 'export function assertMayPay(user: TUserRow) {}'],
    ]);
    expect(callersOf(texts, prepare, preamble)).toEqual([
      'modules/checkout/ways-to-pay/new-way.ts',
      'modules/checkout/ways-to-pay/other.ts',
    ]);
  });

  it('turns amounts into cents only in order-from-cart.ts', () => {
    const owner = 'modules/checkout/ways-to-pay/order-from-cart.ts';
    expect(inCheckout.get(owner)).toMatch(/\*\s*100\b/);
    expect(centsConversions(inCheckout, owner)).toEqual([]);
    const texts = new Map([
      [owner, 'export const centsOf = (amount: number) => Math.round(amount * 100);'],
      ['modules/checkout/ways-to-pay/pay.ts', 'unitCents: Math.round(item.value * 100),'],
      ['modules/checkout/ways-to-pay/ok.ts', 'total: order.totalCents / 100,'],
    ]);
    expect(centsConversions(texts, owner)).toEqual(['modules/checkout/ways-to-pay/pay.ts']);
  });

  it('keeps tickets below checkout: nothing in modules/tickets imports modules/checkout', () => {
    const inTickets = read(sources(tickets));
    expect(inTickets.size).toBeGreaterThan(5);
    expect(importersOf(inCheckout, tickets).length).toBeGreaterThan(0);
    expect(importersOf(inTickets, checkout)).toEqual([]);
    const texts = new Map([
      ['modules/tickets/receipt.ts', "import type { TCheckoutServices } from '../checkout/services.ts';"],
      ['modules/tickets/pdf.ts', "import { qr } from './ticket-pdf.ts';"],
    ]);
    expect(importersOf(texts, checkout)).toEqual(['modules/tickets/receipt.ts']);
  });
});
