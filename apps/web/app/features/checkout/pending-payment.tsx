import type { TOngoingOrder, TPaymentAnswer } from '@ingressos/contracts';
import { isAwaitingPayment, wasCancelled } from '@ingressos/domain/order-lifecycle';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { CardChallenge } from '~/features/checkout/card-challenge.tsx';
import { InReview, SplitWaiting } from '~/features/checkout/payment-states.tsx';
import { PixPanel } from '~/features/checkout/pix-panel.tsx';
import { formatMoney } from '~/i18n/format.ts';
import { api } from '~/shared/api-client.ts';
import look from '~/ui/checkout-frame.module.css';
import { CheckoutSteps } from '~/ui/checkout-frame.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import styles from '~/ui/panels.module.css';
import { toast } from '~/ui/toast-store.ts';
import hostedStyles from './hosted-checkout.module.css';
import pay from './payment.module.css';

/**
 * The order of the Pix the buyer created on this visit of /pagamento: its id and the history
 * entry (location key) it was made on. A revalidation keeps the key; leaving and coming back (a
 * new entry) does not, so a purchase found again later reads as the ongoing one. Client only.
 */
let madeHere: { orderId: string; locationKey: string } | null = null;
export const markMadeHere = (orderId: string, locationKey: string) => {
  madeHere = { orderId, locationKey };
};

/**
 * What an answer means to the buyer. Approved: the order's confirmation page. Refused or refunded: the
 * message. Expired or cancelled: say so and reload (the cart may be gone). Answers true once the
 * payment ended without tickets (a new attempt needs a new Idempotency-Key).
 */
export function useSettle() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return (answer: TPaymentAnswer, options: { toldOnPage?: boolean } = {}) => {
    if (answer.transactionStatus === 'success') {
      // The confirmation page says it all (number, amounts, tickets): no toast over the header.
      navigate(`/pedido/${answer.orderId}`);
      return false;
    }
    if (isAwaitingPayment(answer.orderStatus)) return false;
    if (answer.message) {
      if (!options.toldOnPage) toast.error(answer.message);
    } else if (wasCancelled(answer.orderStatus)) {
      toast.error(t('checkout.pixExpired'));
      revalidator.revalidate();
    }
    return true;
  };
}

/** Asks for the order's status every few seconds while it awaits payment. */
function usePolling(answer: TPaymentAnswer, onSettled: (answer: TPaymentAnswer) => void) {
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (!isAwaitingPayment(answer.orderStatus)) return;
    let stopped = false;
    const timer = setInterval(
      async () => {
        const polled = await api('order', { params: { id: answer.orderId } });
        if (stopped || !polled.ok) return;
        const next = polled.body;
        if (!isAwaitingPayment(next.orderStatus)) {
          stopped = true;
          clearInterval(timer);
          settled.current(next);
        }
      },
      answer.pix ? 2_000 : 3_000,
    );
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [answer.orderId, answer.orderStatus, answer.pix]);
}

/**
 * A payment awaiting its outcome: the Pix to pay (with the sandbox's 'simulate payment') or a card
 * under review. `fresh`: the buyer made it a moment ago on this page, so the panel is titled 'Pague
 * com Pix'; a purchase found again later keeps the ongoing-purchase heading above it.
 */
export function PendingPayment(props: {
  answer: TPaymentAnswer;
  onSettled: (answer: TPaymentAnswer) => void;
  amount?: string | null;
  fresh?: boolean;
}) {
  // Issue 15, 3DS: a card awaiting the issuer's challenge is answered there, not polled.
  if (props.answer.challenge) return <CardChallenge answer={props.answer} onSettled={props.onSettled} />;
  return <AwaitedPayment {...props} />;
}

function AwaitedPayment({
  answer,
  onSettled,
  amount = null,
  fresh = false,
}: {
  answer: TPaymentAnswer;
  onSettled: (answer: TPaymentAnswer) => void;
  amount?: string | null;
  fresh?: boolean;
}) {
  const { t } = useI18n();
  usePolling(answer, onSettled);
  const pix = answer.pix;
  const split = answer.multiplePayment;
  if (!pix && split)
    return (
      <SplitWaiting
        remaining={formatMoney(split.remaining, split.currency)}
        left={split.payments.filter((part) => part.status !== 'approved').length}
      />
    );
  if (!pix) return <InReview />;
  return (
    <div className={styles.section}>
      <PixPanel pix={pix} amount={amount} title={fresh ? t('checkoutUi.pixTitle') : null} />
      <p role="status" className={pay.waiting}>
        <span className={pay.spinner} aria-hidden="true" />
        {t('checkout.pixWaiting')}
      </p>
      {answer.sandbox && (
        <button
          type="button"
          className={pay.secondary}
          onClick={async () => {
            await api('simulatePixPayment', { params: { paymentId: answer.paymentId } });
            const order = await api('order', { params: { id: answer.orderId } });
            if (order.ok) onSettled(order.body);
          }}
        >
          {t('checkout.simulate')}
        </button>
      )}
    </div>
  );
}

/**
 * §4 "Ongoing purchase" restored: the order's event, lines and total, and its pending payment.
 * A pending Pix may be given up to choose another method: its cart comes back to the session.
 */
export function OngoingPurchase({ ongoing }: { ongoing: TOngoingOrder }) {
  const { t } = useI18n();
  // Made a moment ago on this very visit (the page reloaded it as the ongoing purchase): 'Pague com
  // Pix', not 'Existe uma compra em andamento'.
  const { key } = useLocation();
  const [fresh] = useState(() => madeHere?.orderId === ongoing.orderId && madeHere.locationKey === key);
  const revalidator = useRevalidator();
  const settle = useSettle();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const answer = await api('cancelOngoing');
      if (!answer.ok) {
        toast.error(answer.message || t('app.genericError'));
        revalidator.revalidate();
        return;
      }
      if (answer.body.transactionStatus === 'success') return void settle(answer.body);
      toast.success(t('checkout.pixCancelled'));
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  const total = formatMoney(ongoing.total, ongoing.currency);
  return (
    <article className={look.page}>
      <CheckoutSteps current="payment" />
      <div className={look.head}>
        <h1>{t('page.payment')}</h1>
      </div>
      {fresh ? null : (
        <section className={look.panel} aria-label={t('ongoing.title')}>
          <h2>{t('ongoing.title')}</h2>
          <p className={look.eventName}>{ongoing.event.name}</p>
          <ul className={look.lines}>
            {ongoing.lines.map((line) => (
              <li key={`${line.sectionName}-${line.ticketName}-${line.placeAlias ?? ''}`}>
                <p className={look.lineName}>
                  {line.sectionName} — {line.ticketName}
                  {line.placeAlias ? ` · ${line.placeAlias}` : ''}
                </p>
                <p className={look.muted}>{line.quantity}×</p>
              </li>
            ))}
          </ul>
          <p>
            <strong>
              {t('checkout.total')}: {total}
            </strong>
          </p>
        </section>
      )}
      {ongoing.hosted ? (
        <HostedResume answer={ongoing} hosted={ongoing.hosted} onSettled={settle} />
      ) : (
        <PendingPayment answer={ongoing} onSettled={settle} amount={total} fresh={fresh} />
      )}
      {ongoing.cancellable && (
        <button type="button" className={pay.secondary} disabled={busy} onClick={cancel}>
          {t('checkout.cancelPix')}
        </button>
      )}
    </article>
  );
}

/**
 * Issue 15: an order reserved for the gateway's hosted page or wallet, found again after a reload or
 * a closed tab. Its page still takes the payment (followed here until it settles), or the buyer
 * cancels the order and its tickets go back on sale (DELETE api/checkoutPro/{preferenceId}).
 */
function HostedResume({
  answer,
  hosted,
  onSettled,
}: {
  answer: TPaymentAnswer;
  hosted: { preferenceId: string; url: string };
  onSettled: (answer: TPaymentAnswer) => void;
}) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  usePolling(answer, onSettled);
  const cancel = async () => {
    setBusy(true);
    try {
      const cancelled = await api('checkoutProCancel', { params: { preferenceId: hosted.preferenceId } });
      if (!cancelled.ok) return void toast.error(cancelled.message || t('app.genericError'));
      toast.success(t('hosted.cancelled'));
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={hostedStyles.panel} aria-label={t('hosted.page')}>
      <p className={hostedStyles.hint}>{t('hosted.resumeText')}</p>
      <a className={pay.primary} href={hosted.url}>
        {t('hosted.resume')}
      </a>
      <button type="button" className={pay.secondary} disabled={busy} onClick={cancel}>
        {t('hosted.cancel')}
      </button>
    </section>
  );
}
