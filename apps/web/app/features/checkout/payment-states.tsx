import { useI18n } from '~/ui/i18n.tsx';
import styles from './payment.module.css';

/** While the charge is on its way: the buyer is told to wait, not to click again. */
export function Processing() {
  const { t } = useI18n();
  return (
    <div className={`${styles.state} ${styles.stateBusy}`} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <div>
        <p className={styles.stateTitle}>{t('checkoutUi.processing')}</p>
        <p>{t('checkoutUi.processingText')}</p>
      </div>
    </div>
  );
}

/** Approved: a moment of confirmation before the tickets page opens. */
export function Approved() {
  const { t } = useI18n();
  return (
    <div className={`${styles.state} ${styles.stateOk}`} role="status">
      <span className={styles.stateIcon} aria-hidden="true">
        ✓
      </span>
      <div>
        <h2 className={styles.stateTitle}>{t('checkoutUi.approved')}</h2>
        <p>{t('checkoutUi.approvedText')}</p>
      </div>
    </div>
  );
}

/** A card under review: the tickets stay held; the page follows it until it settles. */
export function InReview() {
  const { t } = useI18n();
  return (
    <section className={`${styles.state} ${styles.stateWait}`} aria-label={t('checkout.inReview')}>
      <span className={styles.spinner} aria-hidden="true" />
      <div>
        <h2 className={styles.stateTitle}>{t('checkout.inReview')}</h2>
        <p role="status">{t('checkout.inProcess')}</p>
        <p>{t('checkoutUi.reviewText')}</p>
      </div>
    </section>
  );
}

/** A payment split across cards, waiting for the card(s) still to pay or being answered. */
export function SplitWaiting({ remaining, left }: { remaining: string; left: number }) {
  const { t } = useI18n();
  return (
    <section className={`${styles.state} ${styles.stateWait}`} aria-label={t('checkout.splitWaiting')}>
      <span className={styles.spinner} aria-hidden="true" />
      <div>
        <h2 className={styles.stateTitle}>{t('checkout.splitWaiting')}</h2>
        <p role="status">{t('checkout.splitWaitingText', { remaining, n: left })}</p>
      </div>
    </section>
  );
}

/** Declined: the gateway's (spec) message and what to do next; the form stays below for another try. */
export function Declined({ message }: { message: string }) {
  const { t } = useI18n();
  return (
    <div className={`${styles.state} ${styles.stateBad}`} role="alert">
      <span className={styles.stateIcon} aria-hidden="true">
        !
      </span>
      <div>
        <p className={styles.stateTitle}>{t('checkoutUi.declined')}</p>
        <p>{message}</p>
        <p>{t('checkoutUi.declinedNext')}</p>
      </div>
    </div>
  );
}
