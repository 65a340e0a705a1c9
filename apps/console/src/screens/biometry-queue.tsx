import type { TStaffBiometryReviewsAnswer } from '@ingressos/contracts/staff-support';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import type { TMessageKey } from '../i18n/pt-BR.ts';
import { Live, Loading, Page } from '../ui/page.tsx';

/** What the engine's reason code means, in words (an unknown code is shown as is). */
export function useReason() {
  const { t } = useI18n();
  return (code: string) => {
    const key = `biometry.reason.${code}` as TMessageKey;
    const text = t(key);
    return text === key ? code : text;
  };
}

/** Biometria: enrolments waiting for a person (oldest first), and the final mismatches to look at. */
export function BiometryQueueScreen() {
  const { t, date } = useI18n();
  const reason = useReason();
  const [queue, setQueue] = useState<TStaffBiometryReviewsAnswer | null>(null);
  const [error, setError] = useState('');
  /** The decision just taken on the review screen, said here once back at the queue. */
  const decided = (useLocation().state as { decided?: 'approve' | 'reject' } | null)?.decided;
  useEffect(() => {
    void api('staffBiometryReviews').then((answer) =>
      answer.ok ? setQueue(answer.body) : setError(answer.message || t('common.failed')),
    );
  }, [t]);
  return (
    <Page title={t('biometry.title')}>
      <p className="muted">{t('biometry.intro')}</p>
      <Live message={error} />
      <Live message={decided ? t(`biometry.decided.${decided}`) : ''} tone="ok" />
      {!queue && !error ? <Loading /> : null}
      {queue && queue.reviews.length === 0 ? <p role="status">{t('biometry.empty')}</p> : null}
      {queue && queue.reviews.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption>{t('biometry.caption', { n: queue.reviews.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('biometry.person')}</th>
                <th scope="col">{t('biometry.reason')}</th>
                <th scope="col">{t('orders.status')}</th>
                <th scope="col">{t('biometry.sent')}</th>
                <th scope="col">{t('biometry.due')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.reviews.map((review) => (
                <tr key={review.uuid}>
                  <th scope="row">
                    <Link to={`/biometria/${review.uuid}`}>{review.buyerName}</Link>
                  </th>
                  <td>{reason(review.reason)}</td>
                  <td>
                    <span className={`badge badge-${review.decidable ? 'wait' : 'bad'}`}>
                      {review.decidable ? t('biometry.waiting') : t('biometry.mismatch')}
                    </span>
                  </td>
                  <td>{date(review.createdAt)}</td>
                  <td>{date(review.reviewDueAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
