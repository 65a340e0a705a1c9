import type { TPaymentAnswer } from '@ingressos/contracts';
import { useEffect, useState } from 'react';
import { formatDate } from '~/i18n/format.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { clock, useSecondsLeft } from '~/ui/use-seconds-left.ts';
import styles from './payment.module.css';

/**
 * The Pix to pay: QR, copy-and-paste with a copy button that says it copied, the deadline in
 * Brasília time (the same text on the server and in the browser), a countdown drawn only after
 * hydration, and the three steps in a bank app. `title` names the panel: 'Pague com Pix' right
 * after the buyer made it; a purchase found again later keeps its own heading above.
 */
export function PixPanel({
  pix,
  amount,
  title,
}: {
  pix: NonNullable<TPaymentAnswer['pix']>;
  amount: string | null;
  title: string | null;
}) {
  const { t, locale } = useI18n();
  const left = useSecondsLeft(pix.expiresAt);
  const [mounted, setMounted] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  const deadline = formatDate(pix.expiresAt, locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (
    <section className={styles.pix} aria-label={title ?? t('checkout.pix')}>
      {title && <h2>{title}</h2>}
      {amount && <p className={styles.pixAmount}>{t('checkoutUi.pixAmount', { total: amount })}</p>}
      <div className={styles.pixBody}>
        <img
          className={styles.qr}
          src={pix.qrCodeImage}
          alt={t('checkoutUi.pixQrAlt')}
          width={220}
          height={220}
        />
        <div className={styles.pixSide}>
          <p>{t('checkoutUi.pixDeadline', { time: deadline })}</p>
          <p className={styles.countdown} role="timer">
            {mounted && left !== null
              ? left > 0
                ? t('checkoutUi.pixLeft', { time: clock(left) })
                : t('checkoutUi.pixOver')
              : '\u00a0'}
          </p>
          <label htmlFor="pix-code" className={styles.label}>
            {t('checkout.pixCopy')}
          </label>
          <textarea id="pix-code" className={styles.code} readOnly value={pix.qrCode} rows={3} />
          <button
            type="button"
            className={styles.secondary}
            onClick={() => navigator.clipboard?.writeText(pix.qrCode).then(() => setCopied(true))}
          >
            {copied ? `✓ ${t('checkoutUi.pixCopied')}` : t('checkout.pixCopyButton')}
          </button>
          <span className={styles.copied} role="status">
            {copied ? t('checkout.pixCopied') : ''}
          </span>
        </div>
      </div>
      <div className={styles.how}>
        <h3>{t('checkoutUi.pixHow')}</h3>
        <ol>
          <li>{t('checkoutUi.pixHow1')}</li>
          <li>{t('checkoutUi.pixHow2')}</li>
          <li>{t('checkoutUi.pixHow3')}</li>
        </ol>
      </div>
    </section>
  );
}
