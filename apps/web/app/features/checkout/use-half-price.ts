import { useState } from 'react';
import { claimOf, type THalfPriceItem } from './half-price-fields.tsx';
import {
  companionsOk,
  emptyDraft,
  FIELD_ORDER,
  type THalfPriceDraft,
  type THalfPriceField,
  unitProblems,
} from './half-price-rules.ts';

type TShown = Record<string, Partial<Record<THalfPriceField, boolean>>>;

/**
 * Issue 36: the half-price claims of /identificacao, one draft per unit of each half-price item
 * (`items` by cart position). `check()` shows every error and moves focus to the first field in
 * error, answering whether all claims hold.
 */
export function useHalfPrice(
  quantities: number[],
  items: Record<number, THalfPriceItem>,
  today: string,
  idOf: (index: number, unit: number) => string,
) {
  const [drafts, setDrafts] = useState<THalfPriceDraft[][]>(() =>
    quantities.map((quantity, index) => (items[index] ? Array.from({ length: quantity }, emptyDraft) : [])),
  );
  const [shown, setShown] = useState<TShown>({});
  const all = drafts.flat();
  const companions = companionsOk(all);

  const change = (index: number, unit: number, patch: Partial<THalfPriceDraft>) =>
    setDrafts((current) =>
      current.map((row, i) => (i === index ? row.map((d, u) => (u === unit ? { ...d, ...patch } : d)) : row)),
    );
  const leave = (index: number, unit: number, field: THalfPriceField) =>
    setShown((s) => ({ ...s, [`${index}-${unit}`]: { ...s[`${index}-${unit}`], [field]: true } }));

  const check = (): boolean => {
    let first: string | null = null;
    const next: TShown = {};
    drafts.forEach((row, index) => {
      row.forEach((draft, unit) => {
        const problems = unitProblems(draft, { eventDay: items[index]!.eventDay, today });
        next[`${index}-${unit}`] = Object.fromEntries(FIELD_ORDER.map((f) => [f, true]));
        const field = FIELD_ORDER.find((f) => problems[f]);
        if (field && first === null) first = `${idOf(index, unit)}-${field}`;
      });
    });
    setShown(next);
    if (first) document.getElementById(first)?.focus();
    return first === null && companions;
  };

  const stored = () =>
    drafts
      .map((row, indexItem) => ({ indexItem, claims: row.map(claimOf) }))
      .filter((entry) => entry.claims.length > 0);

  return { drafts, shown, companions, change, leave, check, stored };
}
