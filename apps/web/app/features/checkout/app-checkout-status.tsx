import type { TPaymentAnswer } from '@ingressos/contracts';
import type { TAppBridgeMessage, TAppRestart, TCheckoutSessionView } from '@ingressos/contracts/app-bridge';
import {
  paymentResultMessage,
  RESTART_REASON_OF_CODE,
  restartMessage,
} from '@ingressos/contracts/app-bridge-messages';
import { isAwaitingPayment, wasRefused } from '@ingressos/domain/order-lifecycle';
import { useEffect, useRef, useState } from 'react';
import { useCardForm } from '~/features/checkout/card-form.ts';
import { formatMoney } from '~/i18n/format.ts';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import appStyles from './app-checkout.module.css';
import { CardPanel } from './card-panel.tsx';
import styles from './payment.module.css';
import { Approved, Declined, InReview, Processing } from './payment-states.tsx';

declare global {
  interface Window {
    /** react-native-webview's bridge, present when the page runs inside the native app. */
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

/**
 * Tells the native app (accounts §7): react-native-webview's bridge when present, else the frame
 * that holds this page, restricted to our own origin. Always the same JSON string.
 */
export function postToApp(message: TAppBridgeMessage) {
  const text = JSON.stringify(message);
  if (window.ReactNativeWebView) window.ReactNativeWebView.postMessage(text);
  else if (window.parent !== window) window.parent.postMessage(text, window.location.origin);
}

export type TRestart = Pick<TAppRestart, 'reason' | 'message'>;

/** The page told to start over: said once to the app, and to the person on the screen. */
export function RestartScreen({ restart }: { restart: TRestart }) {
  const { t } = useI18n();
  useEffect(() => postToApp(restartMessage(restart.reason, restart.message)), [restart]);
  return (
    <section className={`${styles.state} ${styles.stateBad}`} role="alert" data-restart={restart.reason}>
      <span className={styles.stateIcon} aria-hidden="true">
        !
      </span>
      <div>
        <h2 className={styles.stateTitle}>{t('appCheckout.restartTitle')}</h2>
        <p>{restart.message}</p>
        {/* The session's own messages already say to go back to the app. */}
        {restart.reason === 'order_unpayable' && <p>{t('appCheckout.restartText')}</p>}
      </div>
    </section>
  );
}

/**
 * /checkout_status: the checkout session's cart paid by card in the event's gateway card form
 * (the same script /pagamento mounts), each outcome posted to the native app.
 */
export function AppCheckoutStatus({ token, view }: { token: string; view: TCheckoutSessionView }) {
  const { t, locale } = useI18n();
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [declined, setDeclined] = useState('');
  const [result, setResult] = useState<TPaymentAnswer | null>(null);
  const [restart, setRestart] = useState<TRestart | null>(null);
  const key = useRef('');
  const container = useRef<HTMLDivElement>(null);
  const plan = view.installments.find((option) => option.installments === count);
  const chargeTotal = plan ? plan.totalValue : view.total;
  const settled = result?.transactionStatus === 'success' || isAwaitingPayment(result?.orderStatus);
  const { ready, failure } = useCardForm(
    container,
    !settled && !restart,
    locale,
    view.gateway,
    chargeTotal,
    view.currency,
  );
  const total = formatMoney(chargeTotal, view.currency);

  const pay = async () => {
    setBusy(true);
    setError('');
    setDeclined('');
    try {
      const made = await window.BilhetoCardForm!.createToken().catch((e: Error & { field?: string }) => {
        if (!e.field) setError(e.message);
        return null;
      });
      if (!made) return;
      // One key per attempt: a repeated attempt (a lost answer) is never charged twice.
      key.current ||= crypto.randomUUID();
      const answer = await api('payCheckoutSession', {
        headers: { 'idempotency-key': key.current },
        body: {
          checkoutSession: token,
          card: {
            token: made.token,
            installments: count,
            ...(made.brand ? { paymentMethodId: made.brand } : {}),
            ...(made.issuerId ? { issuerId: made.issuerId } : {}),
          },
          totalTicketValue: chargeTotal,
        },
      });
      const paid = answer.ok ? answer.body : answer.body?.orderId ? (answer.body as TPaymentAnswer) : null;
      if (paid) {
        key.current = '';
        postToApp(paymentResultMessage(paid));
        if (paid.transactionStatus === 'error' || wasRefused(paid.orderStatus))
          setDeclined(paid.message || t('checkoutUi.declined'));
        else setResult(paid);
        return;
      }
      if (answer.ok) return;
      const reason = answer.kind === 'http' ? RESTART_REASON_OF_CODE[answer.error.code] : undefined;
      if (reason) return setRestart({ reason, message: answer.message });
      setError(answer.message || t('app.genericError'));
      key.current = '';
    } finally {
      setBusy(false);
    }
  };

  if (restart) return <RestartScreen restart={restart} />;
  return (
    <div className={appStyles.page}>
      <header className={appStyles.summary}>
        <p className={appStyles.event}>
          {t('appCheckout.summary', { event: view.eventName, tickets: String(view.tickets) })}
        </p>
        <p className={appStyles.total}>{total}</p>
      </header>
      {!result && (
        <p className={appStyles.expires}>
          {t('appCheckout.expires', {
            time: new Intl.DateTimeFormat(locale, {
              timeStyle: 'short',
              hourCycle: 'h23',
              timeZone: 'America/Sao_Paulo',
            }).format(new Date(view.expiresAt)),
          })}
        </p>
      )}
      {result?.transactionStatus === 'success' ? (
        <Approved />
      ) : result ? (
        <>
          <InReview />
          <p>{t('appCheckout.pendingText')}</p>
        </>
      ) : (
        <>
          {declined && <Declined message={declined} />}
          <h2 className={styles.label}>{t('appCheckout.payWith')}</h2>
          <CardPanel
            container={container}
            ready={ready}
            failure={failure}
            gateway={view.gateway}
            cart={view}
            installments={view.installments}
            count={count}
            setCount={setCount}
          />
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
          {busy && <Processing />}
          <button type="button" className={styles.primary} disabled={busy || !ready} onClick={pay}>
            {busy ? t('checkout.paying') : t('checkout.pay', { total })}
          </button>
        </>
      )}
    </div>
  );
}
