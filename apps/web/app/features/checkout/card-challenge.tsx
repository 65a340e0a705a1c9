import type { TPaymentAnswer } from '@ingressos/contracts';
import { isAwaitingPayment } from '@ingressos/domain/order-lifecycle';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { Declined, Processing } from '~/features/checkout/payment-states.tsx';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './payment.module.css';
import look from './ways-to-pay.module.css';

/**
 * Issue 15, 3DS: a card whose issuer asks the buyer to authenticate (pending_challenge). The page
 * sends the buyer to the issuer's challenge (`answer.challenge.url`; the sandbox's is a local page
 * with 'Aprovar' / 'Recusar'); the issuer sends them back here with `auth3dsId`, which completes
 * the charge (POST /api/checkout/orders/{id}/3ds). Approved: the tickets page. Refused
 * (cc_rejected_3ds_challenge): the spec's not-authorised message and another try.
 */
export function CardChallenge({
  answer,
  onSettled,
}: {
  answer: TPaymentAnswer;
  onSettled: (answer: TPaymentAnswer) => void;
}) {
  const { t } = useI18n();
  // useLocation, not useSearchParams: the hook the shell already uses (the event page's script budget).
  const params = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const auth3dsId = params.get('order') === answer.orderId ? params.get('auth3dsId') : null;
  const [busy, setBusy] = useState(Boolean(auth3dsId));
  const [declined, setDeclined] = useState('');
  const [failure, setFailure] = useState('');
  const sent = useRef(false);

  useEffect(() => {
    if (!auth3dsId || sent.current) return;
    sent.current = true;
    void (async () => {
      const done = await api('completeChallenge', { params: { id: answer.orderId }, body: { auth3dsId } });
      setBusy(false);
      // A refusal (402) still answers the order.
      const settled = done.ok ? done.body : (done.body as TPaymentAnswer | undefined);
      if (settled?.orderId) {
        if (settled.transactionStatus === 'success') return onSettled(settled);
        if (!isAwaitingPayment(settled.orderStatus))
          return setDeclined(settled.message || t('app.genericError'));
      }
      setFailure((!done.ok && done.message) || t('app.genericError'));
    })();
  }, [auth3dsId, answer.orderId, onSettled, t]);

  // Another try: the cart came back to the buyer's session; the page without the issuer's answer shows it.
  const retry = () => {
    navigate('/pagamento', { replace: true });
    revalidator.revalidate();
  };

  if (busy) return <Processing />;
  if (declined)
    return (
      <div className={look.challenge}>
        <Declined message={declined} />
        <button type="button" className={styles.primary} onClick={retry}>
          {t('waysToPay.tryAgain')}
        </button>
      </div>
    );
  return (
    <section className={`${styles.state} ${styles.stateWait}`} aria-labelledby="card-challenge-title">
      <span className={look.challengeIcon} aria-hidden="true">
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          aria-hidden="true"
        >
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </span>
      <div className={look.challenge}>
        <h2 id="card-challenge-title" className={styles.stateTitle}>
          {t('waysToPay.challengeTitle')}
        </h2>
        <p>{t('waysToPay.challengeText')}</p>
        {failure && (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        )}
        <a className={look.go} href={answer.challenge!.url}>
          {t('waysToPay.challengeGo')}
        </a>
        <p className={look.muted}>{t('waysToPay.challengeHold')}</p>
      </div>
    </section>
  );
}
