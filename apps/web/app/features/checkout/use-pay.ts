import type { TCart, TPaymentAnswer } from '@ingressos/contracts';
import { isAwaitingPayment } from '@ingressos/domain/order-lifecycle';
import { useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { identificationTicketsOf } from '~/features/checkout/identification-store.ts';
import { nfeDocumentProblem } from '~/features/checkout/nfe-document-field.tsx';
import { markMadeHere, useSettle } from '~/features/checkout/pending-payment.tsx';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { cardToken } from './card-token.ts';
import type { readIdentification } from './identification-store.ts';
import { refusedOrder, tellFailure } from './payment-answer.ts';
import type { TMethod } from './payment-options.ts';

const newKey = () => crypto.randomUUID();

/**
 * Paying /pagamento's one way: tokenizes the card (if any), sends the payment under one
 * Idempotency-Key per attempt, and follows the answer (approved, pending, refused, failed).
 */
export function usePay(o: {
  cart: TCart;
  free: boolean;
  method: TMethod;
  count: number;
  chargeTotal: number;
  identification: ReturnType<typeof readIdentification> | undefined;
  nfeDocument: string;
  onNfeMissing: () => void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  // Issue 36: the api refused a half-price claim: the message says which, the fix is at /identificacao.
  const [fixHolders, setFixHolders] = useState(false);
  // The gateway's refusal, shown as the declined state above the form (which stays for another try).
  const [declined, setDeclined] = useState('');
  const [result, setResult] = useState<TPaymentAnswer | null>(null);
  const key = useRef<string>('');
  const revalidator = useRevalidator();
  const finish = useFinish(setResult, setDeclined, () => {
    key.current = '';
  });
  const { cart, free, method, identification } = o;

  const pay = async () => {
    // Issue 15, NF-e: a missing or wrong document is shown at its field before anything is charged.
    if (cart.isNfeMandatory && !free && nfeDocumentProblem(o.nfeDocument)) return o.onNfeMissing();
    setBusy(true);
    setMessage('');
    setFixHolders(false);
    setDeclined('');
    try {
      const card = free || method !== 'credit_card' ? undefined : await cardToken(o.count, setMessage);
      if (card === null) return;
      key.current ||= newKey();
      // One key per attempt: a retry of the same attempt (a lost answer) is never charged twice.
      const answer = await api('pay', {
        headers: { 'idempotency-key': key.current },
        body: {
          paymentType: free ? 'free' : method,
          ...(card ? { card } : {}),
          // The total on screen: the server refuses to charge anything else (409 amount_changed).
          totalTicketValue: free ? 0 : o.chargeTotal,
          identificationTickets: identificationTicketsOf(identification),
          transfers: identification?.transfers ?? [],
          ...(cart.isNfeMandatory && !free ? { nfeDocument: o.nfeDocument } : {}),
        },
      });
      // A refused charge (402) still answers the order: it is shown like any other outcome.
      if (answer.ok) return finish(answer.body);
      const refused = refusedOrder(answer);
      if (refused) return finish(refused);
      // The cart changed since the page was drawn: show the new amounts before anything is charged.
      if (answer.error?.code === 'amount_changed') revalidator.revalidate();
      // A table of the cart fell below its minimum (issue 31): the page's guard takes the buyer to the map.
      if (answer.error?.code === 'incomplete_tables') revalidator.revalidate();
      setFixHolders(answer.error?.code.startsWith('half_price_') ?? false);
      tellFailure(answer.message || t('app.genericError'), setMessage);
      key.current = '';
    } finally {
      setBusy(false);
    }
  };

  return { busy, message, fixHolders, declined, result, finish, pay };
}

/** Follows a payment's answer: the outcome shown, a refusal told once on the page, a pending order reloaded. */
function useFinish(
  setResult: (answer: TPaymentAnswer) => void,
  setDeclined: (text: string) => void,
  forgetKey: () => void,
) {
  const settle = useSettle();
  const revalidator = useRevalidator();
  const location = useLocation();
  return (answer: TPaymentAnswer) => {
    setResult(answer);
    // A refusal is told once, in the page's own alert beside the form (not again in a toast).
    const refused = Boolean(
      answer.message && answer.transactionStatus !== 'success' && !isAwaitingPayment(answer.orderStatus),
    );
    if (settle(answer, { toldOnPage: refused })) forgetKey();
    if (refused && answer.message) setDeclined(answer.message);
    // Pending: the page and the shell reload it as the ongoing purchase (§4), so leaving
    // /pagamento offers it back.
    if (isAwaitingPayment(answer.orderStatus)) {
      markMadeHere(answer.orderId, location.key);
      revalidator.revalidate();
    }
  };
}
