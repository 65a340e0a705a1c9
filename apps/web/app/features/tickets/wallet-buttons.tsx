import type { TMyTicket } from '@ingressos/contracts';
import { useState } from 'react';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './tickets.module.css';

export type TWalletOffer = { apple: boolean; google: boolean } | undefined;

/**
 * Issue 36: 'Adicionar à Apple Wallet' (the signed .pkpass) and 'Salvar no Google Wallet' (the signed
 * save link the API makes) on the holder's own ticket; only the wallets the server has settings for.
 */
export function WalletButtons({ ticket, wallet, n }: { ticket: TMyTicket; wallet: TWalletOffer; n: number }) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  if (!wallet || (!wallet.apple && !wallet.google)) return null;
  const base = `/api/tickets/${encodeURIComponent(ticket.id)}/wallet`;
  const saveToGoogle = async () => {
    setFailed(false);
    const response = await fetch(`${base}/google`, { credentials: 'same-origin' }).catch(() => null);
    const body = response?.ok ? ((await response.json()) as { url?: string }) : null;
    if (body?.url) window.location.assign(body.url);
    else setFailed(true);
  };
  return (
    <>
      {wallet.apple && (
        <a
          className={styles.link}
          href={`${base}/apple.pkpass`}
          aria-label={t('tickets.wallet.appleAria', { n })}
          data-testid="wallet-apple"
        >
          {t('tickets.wallet.apple')}
        </a>
      )}
      {wallet.google && (
        <button
          type="button"
          className={styles.link}
          onClick={saveToGoogle}
          aria-label={t('tickets.wallet.googleAria', { n })}
          data-testid="wallet-google"
        >
          {t('tickets.wallet.google')}
        </button>
      )}
      {failed && <p role="alert">{t('tickets.wallet.failed')}</p>}
    </>
  );
}
