import type { TCart, TCheckoutGateway, THostedCheckoutAnswer } from '@ingressos/contracts';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  identificationTicketsOf,
  type readIdentification,
} from '~/features/checkout/identification-store.ts';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import styles from './hosted-checkout.module.css';
import pay from './payment.module.css';

/** What every gateway's wallet script puts on window (an adapter's `walletScript`, served from our origin). */
type TWallet = {
  mount(
    element: HTMLElement,
    options: { preferenceId: string; publicKey: string | null; locale: string },
  ): Promise<void>;
  unmount?(): void;
};
declare global {
  interface Window {
    BilhetoWallet?: TWallet;
  }
}

const loadWallet = (src: string) =>
  new Promise<TWallet>((resolve, reject) => {
    if (window.BilhetoWallet) return resolve(window.BilhetoWallet);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.BilhetoWallet ? resolve(window.BilhetoWallet) : reject(new Error('wallet'));
    script.onerror = () => reject(new Error('wallet'));
    document.head.append(script);
  });

/**
 * commerce §1/§9: the yellow (wallet) button and the hosted checkout ('checkout pro'). Either one
 * reserves the order and makes its preference (POST api/checkoutPro/create, one Idempotency-Key
 * per attempt). The hosted page: the buyer is sent to it and comes back to /pedido/:id. The wallet:
 * the gateway's own button (its script's window.BilhetoWallet) is drawn for the preference; a
 * gateway without one (the sandbox) sends the buyer to its hosted page. A wallet drawn but not
 * used can be cancelled here (DELETE api/checkoutPro/{id}).
 */
export function HostedCheckoutPanel({
  cart,
  gateway,
  identification,
  disabled,
  onWallet,
}: {
  cart: TCart;
  gateway: TCheckoutGateway | null;
  identification: ReturnType<typeof readIdentification> | undefined;
  disabled: boolean;
  /** The wallet is drawn (true) or given up (false): the page hides its card and Pix form meanwhile. */
  onWallet?: (open: boolean) => void;
}) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<'wallet' | 'page' | 'cancel' | null>(null);
  const [message, setMessage] = useState('');
  const [wallet, setWallet] = useState<THostedCheckoutAnswer | null>(null);
  const key = useRef('');
  const container = useRef<HTMLDivElement>(null);
  const showWallet = cart.showYellowButton;
  const showPage = Boolean(gateway?.hostedCheckout);

  useEffect(() => {
    if (!wallet || !gateway?.walletScript || !container.current) return;
    const element = container.current;
    loadWallet(gateway.walletScript)
      .then((w) =>
        w.mount(element, { preferenceId: wallet.preferenceId, publicKey: gateway.publicKey, locale }),
      )
      .catch(() => setMessage(t('hosted.walletFailed')));
    return () => window.BilhetoWallet?.unmount?.();
  }, [wallet, gateway, locale, t]);

  if (!showWallet && !showPage) return null;

  const create = async (how: 'wallet' | 'page') => {
    setBusy(how);
    setMessage('');
    try {
      key.current ||= crypto.randomUUID();
      const answer = await api('checkoutProCreate', {
        headers: { 'idempotency-key': key.current },
        body: {
          totalTicketValue: cart.totals.total,
          identificationTickets: identificationTicketsOf(identification),
          transfers: identification?.transfers ?? [],
        },
      });
      if (!answer.ok) {
        const text = answer.message || t('app.genericError');
        setMessage(text);
        toast.error(text);
        key.current = '';
        if (answer.error?.code === 'amount_changed') revalidator.revalidate();
        return;
      }
      if (how === 'wallet' && gateway?.walletScript) {
        onWallet?.(true);
        return setWallet(answer.body);
      }
      // Off to the gateway's page; it sends the buyer back to /pedido/:id.
      window.location.assign(answer.body.url);
    } finally {
      setBusy((now) => (now === how ? null : now));
    }
  };

  const cancel = async () => {
    if (!wallet) return;
    setBusy('cancel');
    try {
      const answer = await api('checkoutProCancel', { params: { preferenceId: wallet.preferenceId } });
      if (!answer.ok) return void toast.error(answer.message || t('app.genericError'));
      toast.success(t('hosted.cancelled'));
      setWallet(null);
      onWallet?.(false);
      key.current = '';
      revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  };

  if (wallet)
    return (
      <section className={styles.panel} aria-label={t('hosted.wallet')}>
        <p className={styles.hint}>{t('hosted.walletReady')}</p>
        <div ref={container} className={styles.brick} data-testid="wallet-container" />
        {message && (
          <p role="alert" className={pay.error}>
            {message}
          </p>
        )}
        <button type="button" className={pay.secondary} disabled={busy !== null} onClick={cancel}>
          {t('hosted.cancel')}
        </button>
      </section>
    );

  return (
    <section className={styles.panel} aria-label={t('hosted.page')}>
      <p className={styles.or}>
        <span>{t('hosted.or')}</span>
      </p>
      {showWallet && (
        <button
          type="button"
          className={styles.yellow}
          disabled={disabled || busy !== null}
          onClick={() => create('wallet')}
        >
          <WalletIcon />
          {busy === 'wallet' ? t('hosted.opening') : t('hosted.wallet')}
        </button>
      )}
      {showPage && (
        <button
          type="button"
          className={pay.secondary}
          disabled={disabled || busy !== null}
          onClick={() => create('page')}
        >
          {busy === 'page' ? t('hosted.opening') : t('hosted.page')}
        </button>
      )}
      <p className={styles.hint}>{t('hosted.hint')}</p>
      {message && (
        <p role="alert" className={pay.error}>
          {message}
        </p>
      )}
    </section>
  );
}

function WalletIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 6.5A2.5 2.5 0 0 1 6.5 4H18a1 1 0 0 1 0 2H6.5a.5.5 0 0 0 0 1H19a2 2 0 0 1 2 2v8.5a2.5 2.5 0 0 1-2.5 2.5h-12A2.5 2.5 0 0 1 4 17.5v-11Zm12.5 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
      />
    </svg>
  );
}
