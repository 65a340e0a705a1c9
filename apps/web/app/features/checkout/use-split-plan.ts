import type { TMultiplePayment } from '@ingressos/contracts';
import { useState } from 'react';
import { formatMoney } from '~/i18n/format.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { asInput, cents, currentPart, evenSplit, MIN_CENTS, splitPlan } from './split-plan.ts';
import { useInstallmentPlans } from './use-installment-plans.ts';

/**
 * The split's plan: the split once it exists, else the buyer's count of cards and amounts (the last
 * what remains) with what is wrong with them; and the card to pay now.
 */
export function useSplitPlan(
  total: number,
  currency: string,
  eventId: number | null,
  restored: TMultiplePayment | null | undefined,
) {
  const { t } = useI18n();
  const money = (value: number) => formatMoney(value, currency);
  const totalCents = cents(total);
  const [state, setState] = useState<TMultiplePayment | null>(restored ?? null);
  const [count, setCount] = useState(2);
  const [inputs, setInputs] = useState<string[]>(() => evenSplit(totalCents, 2).map(asInput));

  // The plan: the buyer's amounts, the last one what remains.
  const { rest, values, problem } = splitPlan(inputs, count, totalCents);
  const invalid =
    state || !problem
      ? ''
      : problem === 'sumWrong'
        ? t('split.sumWrong', { total: money(total) })
        : t('split.belowMinimum', { minimum: money(MIN_CENTS / 100) });

  const { position, parts, amount } = currentPart(state, count, values);
  // The installments chosen for one amount (a new amount starts at 1x).
  const [chosen, setChosen] = useState({ amount: 0, count: 1 });
  const plans = useInstallmentPlans(eventId, invalid ? 0 : amount);
  const installments = chosen.amount === amount ? chosen.count : 1;
  const plan = plans.find((option) => option.installments === installments);
  const chooseInstallments = (n: number) => setChosen({ amount, count: n });
  const choose = (next: number) => {
    setCount(next);
    setInputs(evenSplit(totalCents, next).map(asInput));
  };
  return {
    state,
    setState,
    count,
    choose,
    inputs,
    setInputs,
    rest,
    values,
    invalid,
    position,
    parts,
    amount,
    plans,
    installments,
    plan,
    chooseInstallments,
  };
}
