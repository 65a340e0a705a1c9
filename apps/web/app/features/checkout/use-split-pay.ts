import type { TMultiplePayment, TPaymentAnswer } from '@ingressos/contracts';
import { isAwaitingPayment } from '@ingressos/domain/order-lifecycle';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  identificationTicketsOf,
  type readIdentification,
} from '~/features/checkout/identification-store.ts';
import { useSettle } from '~/features/checkout/pending-payment.tsx';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import { cardToken } from './card-token.ts';
import { refusedOrder, tellFailure } from './payment-answer.ts';
import { isDeclined } from './split-plan.ts';

/**
 * The split's calls: pay the current card (the first one creates the split with every amount),
 * look the split up again while a part is in flight, and give up (refunding the approved cards).
 */
export function useSplitPay(o: {
  state: TMultiplePayment | null;
  setState: (state: TMultiplePayment) => void;
  position: number | null;
  amount: number;
  installments: number;
  /** The planned amounts in cents (used when the split is created). */
  values: number[];
  total: number;
  identification?: ReturnType<typeof readIdentification> | undefined;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [declined, setDeclined] = useState('');
  const key = useRef('');
  const settle = useSettle();
  const revalidator = useRevalidator();
  const { state, setState } = o;

  const answered = (answer: TPaymentAnswer) => {
    key.current = '';
    if (answer.transactionStatus === 'success') return void settle(answer);
    if (answer.multiplePayment) setState(answer.multiplePayment);
    setDeclined(answer.multiplePayment && isDeclined(answer.multiplePayment) ? answer.message : '');
    if (!isAwaitingPayment(answer.orderStatus)) {
      settle(answer);
      revalidator.revalidate();
    }
  };

  const pay = async () => {
    if (o.position === null) return;
    setBusy(true);
    setMessage('');
    setDeclined('');
    try {
      const card = await cardToken(o.installments, setMessage);
      if (!card) return;
      key.current ||= crypto.randomUUID();
      const answer = await api('pay', {
        headers: { 'idempotency-key': key.current },
        body: state
          ? {
              paymentType: 'credit_card',
              isMultiplePayment: true,
              multiplePaymentUid: state.multiplePaymentUID,
              multiplePaymentValue: o.amount,
              card,
            }
          : {
              paymentType: 'credit_card',
              isMultiplePayment: true,
              multiplePaymentValue: o.amount,
              multiplePaymentValues: o.values.map((c) => c / 100),
              card,
              totalTicketValue: o.total,
              identificationTickets: identificationTicketsOf(o.identification),
              transfers: o.identification?.transfers ?? [],
            },
      });
      if (answer.ok) return answered(answer.body);
      const refused = refusedOrder(answer);
      if (refused) return answered(refused);
      tellFailure(answer.message || t('app.genericError'), setMessage);
      key.current = '';
    } finally {
      setBusy(false);
    }
  };

  const { refresh, giveUp } = useSplitRecovery(state, setState, setBusy);
  return { busy, message, declined, pay, refresh, giveUp };
}

/** A part in flight looked up again, and giving up the split (refunding the approved cards). */
function useSplitRecovery(
  state: TMultiplePayment | null,
  setState: (state: TMultiplePayment) => void,
  setBusy: (busy: boolean) => void,
) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const refresh = async () => {
    const answer = await api('pendingMultipleTransaction');
    if (answer.ok && answer.body.result) setState(answer.body.result.split);
    else revalidator.revalidate();
  };

  const giveUp = async () => {
    if (!state || !window.confirm(t('split.giveUpConfirm'))) return;
    setBusy(true);
    try {
      const answer = await api('reimburseMultiplePayments', {
        params: { transactionUID: state.multiplePaymentUID },
      });
      if (!answer.ok) return void toast.error(answer.message || t('app.genericError'));
      if (answer.body.multiplePayment) setState(answer.body.multiplePayment);
      toast.success(answer.body.message);
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  return { refresh, giveUp };
}
