import type { TMyTicket } from '@ingressos/contracts';
import { apiPath } from '@ingressos/contracts/endpoints';
import { useState } from 'react';
import { api } from '~/shared/api-client.ts';
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
  const saveToGoogle = async () => {
    setFailed(false);
    const answer = await api('walletGoogleLink', { params: { ticketId: ticket.id } });
    if (answer.ok && answer.body.url) window.location.assign(answer.body.url);
    else setFailed(true);
  };
  return (
    <>
      {wallet.apple && (
        <a
          className={styles.link}
          href={apiPath('walletApplePass', { ticketId: ticket.id })}
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
