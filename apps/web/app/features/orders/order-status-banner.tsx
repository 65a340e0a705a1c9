import { Link } from 'react-router';
import type { TMessageKey } from '~/i18n/pt-BR.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './order.module.css';
import type { TOrderState } from './order-state.ts';

const TEXT: Record<TOrderState, { title: TMessageKey; text: TMessageKey; tone: 'ok' | 'wait' | 'bad' }> = {
  approved: { title: 'order.status.approved', text: 'order.status.approvedText', tone: 'ok' },
  processing: { title: 'order.status.processing', text: 'order.status.processingText', tone: 'wait' },
  review: { title: 'order.status.review', text: 'order.status.reviewText', tone: 'wait' },
  pix: { title: 'order.status.pix', text: 'order.status.pixText', tone: 'wait' },
  declined: { title: 'order.status.declined', text: 'order.status.declinedText', tone: 'bad' },
  cancelled: { title: 'order.status.cancelled', text: 'order.status.cancelledText', tone: 'bad' },
  refunded: { title: 'order.status.refunded', text: 'order.status.refundedText', tone: 'bad' },
};

const Mark = ({ tone }: { tone: 'ok' | 'wait' | 'bad' }) => (
  <svg
    width={28}
    height={28}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2.2}
    aria-hidden="true"
  >
    <circle cx="12" cy="12" r="10" />
    {tone === 'ok' && <path d="m7.5 12.5 3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />}
    {tone === 'wait' && <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />}
    {tone === 'bad' && <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />}
  </svg>
);

/** The order's outcome in one sentence, with the message the payment gave and what to do. */
export function OrderStatusBanner({
  state,
  message,
  free,
  cartKept,
  eventSlug,
}: {
  state: TOrderState;
  message: string;
  free: boolean;
  /** Whether the ended order's cart is still the buyer's (else its units went back on sale). */
  cartKept: boolean;
  eventSlug: string;
}) {
  const { t } = useI18n();
  const text = TEXT[state];
  // Nothing was paid for free tickets: the title says they are confirmed.
  const title = state === 'approved' && free ? 'order.status.free' : text.title;
  return (
    <section className={`${styles.banner} ${styles[text.tone]}`} role="status" aria-live="polite">
      <Mark tone={text.tone} />
      <div>
        <h2>{t(title)}</h2>
        {message && state !== 'approved' && <p className={styles.message}>{message}</p>}
        <p>{t(state === 'declined' && !cartKept ? 'order.status.declinedTextGone' : text.text)}</p>
        {state === 'pix' && (
          <Link className={styles.button} to="/pagamento">
            {t('order.status.pixAction')}
          </Link>
        )}
        {state === 'declined' && cartKept && (
          <Link className={styles.button} to="/pagamento">
            {t('order.status.declinedAction')}
          </Link>
        )}
        {state === 'declined' && !cartKept && (
          <Link className={styles.button} to={`/events/${eventSlug}`}>
            {t('order.status.declinedEvent')}
          </Link>
        )}
      </div>
    </section>
  );
}
