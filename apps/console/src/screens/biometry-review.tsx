import type { TStaffBiometryReviewsAnswer } from '@ingressos/contracts/staff-support';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, url } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Live, Loading, Page, ReasonField } from '../ui/page.tsx';
import { useReason } from './biometry-queue.tsx';

type TReview = TStaffBiometryReviewsAnswer['reviews'][number];

/**
 * One enrolment under review: the captured frames (served only to this role, each view logged by
 * the API) and the engine's reason; approve or reject with a reason, and the buyer is told by e-mail.
 */
export function BiometryReviewScreen() {
  const { uuid = '' } = useParams();
  const { t, date } = useI18n();
  const reasonText = useReason();
  const navigate = useNavigate();
  const [review, setReview] = useState<TReview | null | undefined>(undefined);
  const [error, setError] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void api('staffBiometryReviews').then((answer) => {
      if (!answer.ok) return setError(answer.message || t('common.failed'));
      setReview(answer.body.reviews.find((each) => each.uuid === uuid) ?? null);
    });
  }, [uuid, t]);
  const decide = (decision: 'approve' | 'reject') => async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(t('common.reasonRequired'));
    setBusy(true);
    setError('');
    const answer = await api('staffBiometryDecide', { params: { uuid }, body: { decision, reason } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    navigate('/biometria', { state: { decided: decision } });
  };
  if (review === undefined)
    return (
      <Page title={t('biometry.review')}>
        <Live message={error} />
        {error ? null : <Loading />}
      </Page>
    );
  if (review === null)
    return (
      <Page title={t('biometry.review')}>
        <p role="alert">{t('biometry.gone')}</p>
        <Link to="/biometria">{t('biometry.back')}</Link>
      </Page>
    );
  return (
    <Page title={t('biometry.reviewOf', { name: review.buyerName })}>
      <dl className="facts card">
        <dt>{t('biometry.reason')}</dt>
        <dd>{reasonText(review.reason)}</dd>
        <dt>{t('biometry.sent')}</dt>
        <dd>{date(review.createdAt)}</dd>
        <dt>{t('biometry.due')}</dt>
        <dd>{date(review.reviewDueAt)}</dd>
      </dl>
      <section aria-labelledby="frames">
        <h2 id="frames">{t('biometry.frames', { n: review.frames })}</h2>
        <p className="muted">{t(review.frames ? 'biometry.framesNote' : 'biometry.noFrames')}</p>
        <ul className="frames">
          {Array.from({ length: review.frames }, (_, n) => (
            <li key={n}>
              <img
                src={url('staffBiometryFrame', { uuid, n: String(n) })}
                alt={t('biometry.frameAlt', { n: n + 1, total: review.frames })}
              />
            </li>
          ))}
        </ul>
      </section>
      {review.decidable ? (
        <form className="stack card" onSubmit={decide('approve')} noValidate>
          <h2>{t('biometry.decision')}</h2>
          <ReasonField
            id="decision-reason"
            label={t('common.reason')}
            hint={t('biometry.reasonHint')}
            value={reason}
            onChange={setReason}
          />
          <Live message={error} />
          <div className="dialog-actions">
            <button type="button" className="button-danger" disabled={busy} onClick={decide('reject')}>
              {t('biometry.reject')}
            </button>
            <button type="submit" className="button" disabled={busy}>
              {t('biometry.approve')}
            </button>
          </div>
        </form>
      ) : (
        <p className="notice notice-warn">{t('biometry.notDecidable')}</p>
      )}
    </Page>
  );
}
