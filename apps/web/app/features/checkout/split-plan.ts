import type { TMultiplePayment } from '@ingressos/contracts';

/** Ways to pay: multi-payment. Mirrors the API's rules (multi-payment.ts) so the buyer is told before paying. */
export const MIN_CENTS = 500;
export const MAX_CARDS = 5;
export const cents = (value: number) => Math.round(value * 100);
/** "25,50" or "25.50" → 2550 cents (NaN when it is not an amount). */
export const parseCents = (text: string) => {
  const clean = text.trim().replace(/\s|R\$|U\$/g, '');
  const normal = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean;
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Math.round(Number(normal) * 100) : Number.NaN;
};
export const asInput = (c: number) => (c / 100).toFixed(2).replace('.', ',');
/** An even split: the first cards take the rounded-down share, the last what remains. */
export const evenSplit = (totalCents: number, count: number) => {
  const share = Math.floor(totalCents / count);
  return Array.from({ length: count }, (_, i) => (i < count - 1 ? share : totalCents - share * (count - 1)));
};

/**
 * The buyer's plan in cents: the amounts typed for the first `count - 1` cards, the last one what
 * remains, and what is wrong with it (the sum, or a card below the minimum), if anything.
 */
export function splitPlan(inputs: string[], count: number, totalCents: number) {
  const typed = inputs.slice(0, count - 1).map(parseCents);
  const rest = totalCents - typed.reduce((sum, c) => sum + (Number.isNaN(c) ? 0 : c), 0);
  const values = [...typed, rest];
  const problem: 'sumWrong' | 'belowMinimum' | null =
    typed.some(Number.isNaN) || rest <= 0
      ? 'sumWrong'
      : values.some((c) => c < MIN_CENTS)
        ? 'belowMinimum'
        : null;
  return { rest, values, problem };
}

/**
 * The card to pay now: its position (null while a part is in flight), how many parts in all, and
 * its amount in money (the first planned amount before the split exists).
 */
export function currentPart(state: TMultiplePayment | null, count: number, values: number[]) {
  if (!state) return { position: 0 as number | null, parts: count, amount: (values[0] ?? 0) / 100 };
  const position = state.nextPosition;
  return {
    position,
    parts: state.payments.length,
    amount: state.payments.find((part) => part.position === position)?.value ?? 0,
  };
}

/** The next card to pay was declined: the buyer tries it again with another card. */
export function isDeclined(state: TMultiplePayment) {
  const next = state.payments.find((part) => part.position === state.nextPosition);
  return Boolean(next && ['rejected', 'failed'].includes(next.status));
}
