import type { TOngoingOrder, TPaymentAnswer } from '@ingressos/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { formatDate, formatMoney } from '~/i18n/format.ts';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { PageFrame } from '~/ui/page-frame.tsx';
import styles from '~/ui/panels.module.css';
import { toast } from '~/ui/toast-store.ts';

/**
 * What an answer means to the buyer. Approved: the order's confirmation page. Refused or refunded: the
 * message. Expired or cancelled: say so and reload (the cart may be gone). Answers true once the
 * payment ended without tickets (a new attempt needs a new Idempotency-Key).
 */
export function useSettle() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return (answer: TPaymentAnswer) => {
    if (answer.transactionStatus === 'success') {
      // The confirmation page says it all (number, amounts, tickets): no toast over the header.
      navigate(`/pedido/${answer.orderId}`);
      return false;
    }
    if (answer.orderStatus === 1) return false;
    if (answer.message) toast.error(answer.message);
    else if (answer.orderStatus === 8) {
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
    if (answer.orderStatus !== 1) return;
    let stopped = false;
    const timer = setInterval(
      async () => {
        const polled = await api('order', { params: { id: answer.orderId } });
        if (stopped || !polled.ok) return;
        const next = polled.body;
        if (next.orderStatus !== 1) {
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

/** A payment awaiting its outcome: the Pix to pay (with the sandbox's 'simulate payment') or a card under review. */
export function PendingPayment({
  answer,
  onSettled,
}: {
  answer: TPaymentAnswer;
  onSettled: (answer: TPaymentAnswer) => void;
}) {
  const { t, locale } = useI18n();
  usePolling(answer, onSettled);
  const pix = answer.pix;
  if (!pix)
    return (
      <section className={styles.section} aria-label={t('checkout.inReview')}>
        <h2>{t('checkout.inReview')}</h2>
        <p role="status">{t('checkout.inProcess')}</p>
      </section>
    );
  return (
    <section className={styles.section} aria-label={t('checkout.pix')}>
      <img className={styles.qr} src={pix.qrCodeImage} alt={t('checkout.pixCopy')} />
      <p>
        {t('checkout.pixExpires', {
          time: formatDate(pix.expiresAt, locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
        })}
      </p>
      <label htmlFor="pix-code">{t('checkout.pixCopy')}</label>
      <textarea id="pix-code" className={styles.code} readOnly value={pix.qrCode} rows={4} />
      <button
        type="button"
        className={styles.secondary}
        onClick={() =>
          navigator.clipboard?.writeText(pix.qrCode).then(() => toast.success(t('checkout.pixCopied')))
        }
      >
        {t('checkout.pixCopyButton')}
      </button>
      <p role="status">{t('checkout.pixWaiting')}</p>
      {answer.sandbox && (
        <button
          type="button"
          className={styles.primary}
          onClick={async () => {
            await api('simulatePixPayment', { params: { paymentId: answer.paymentId } });
            const order = await api('order', { params: { id: answer.orderId } });
            if (order.ok) onSettled(order.body);
          }}
        >
          {t('checkout.simulate')}
        </button>
      )}
    </section>
  );
}

/**
 * §4 "Ongoing purchase" restored: the order's event, lines and total, and its pending payment.
 * A pending Pix may be given up to choose another method: its cart comes back to the session.
 */
export function OngoingPurchase({ ongoing }: { ongoing: TOngoingOrder }) {
  const { t } = useI18n();
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
  return (
    <PageFrame title={t('page.payment')}>
      <section className={styles.section} aria-label={t('ongoing.title')}>
        <h2>{t('ongoing.title')}</h2>
        <p>
          <strong>{ongoing.event.name}</strong>
        </p>
        <ul>
          {ongoing.lines.map((line) => (
            <li key={`${line.sectionName}-${line.ticketName}-${line.placeAlias ?? ''}`}>
              {line.quantity}× {line.eventName} · {line.sectionName} · {line.ticketName}
              {line.placeAlias ? ` · ${line.placeAlias}` : ''}
            </li>
          ))}
        </ul>
        <p>
          <strong>
            {t('checkout.total')}: {formatMoney(ongoing.total, ongoing.currency)}
          </strong>
        </p>
      </section>
      <PendingPayment answer={ongoing} onSettled={settle} />
      {ongoing.cancellable && (
        <button type="button" className={styles.secondary} disabled={busy} onClick={cancel}>
          {t('checkout.cancelPix')}
        </button>
      )}
    </PageFrame>
  );
}
