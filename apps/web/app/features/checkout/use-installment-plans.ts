import type { TInstallmentOption } from '@ingressos/contracts';
import { useEffect, useState } from 'react';
import { api } from '~/shared/api-client.ts';

/** The installment plans of one card's amount (the event's table, fetched for that amount). */
export function useInstallmentPlans(eventId: number | null, amount: number) {
  const [plans, setPlans] = useState<TInstallmentOption[]>([]);
  useEffect(() => {
    if (!eventId || !(amount > 0)) return setPlans([]);
    let live = true;
    void api('installments', { params: { eventId }, query: { value: amount } }).then((answer) => {
      if (live) setPlans(answer.ok ? answer.body : []);
    });
    return () => {
      live = false;
    };
  }, [eventId, amount]);
  return plans;
}
