import type { TQueueStatusAnswer } from '@ingressos/contracts';
import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { JoinCaptcha } from './join-captcha.tsx';
import styles from './queue.module.css';
import { clockText, waitText } from './queue-view.ts';

/**
 * The waiting room's page: where the visitor stands, updated at the interval the server sets
 * (`retryAfter`), never faster. The place lives in the database, keyed by the cart session's
 * cookie, so a reload or a server restart shows the same place. Admitted: on to the event page,
 * whose add-to-cart now carries the pass cookie the status call set.
 */
export function QueuePage({ initial }: { initial: TQueueStatusAnswer }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [status, setStatus] = useState(initial);
  const [offline, setOffline] = useState(false);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<((token: string | null) => void) | null>(null);
  const eventPath = `/events/${status.slug}`;
  // Issue 31: an admitted place without its pass (log in first, or the account used another place) stays here.
  const canBuy = status.state === 'admitted' && status.passNeeds === null;

  useEffect(() => {
    if (canBuy) {
      navigate(eventPath);
      return;
    }
    if (status.retryAfter === null || status.state === 'admitted') return;
    const timer = setTimeout(async () => {
      const answer = await api('queueStatus', { params: { slug: status.slug } });
      setOffline(!answer.ok);
      // A failed call keeps the last status, asked again after the same interval.
      setStatus(answer.ok ? answer.body : { ...status });
    }, status.retryAfter * 1000);
    return () => clearTimeout(timer);
  }, [status, canBuy, navigate, eventPath]);

  /** Shows the captcha and waits for its answer; null when the visitor closes it. */
  const askCaptcha = useCallback(
    () =>
      new Promise<string | null>((resolve) =>
        setCaptcha(() => (token: string | null) => {
          setCaptcha(null);
          resolve(token);
        }),
      ),
    [],
  );

  const join = async () => {
    setJoining(true);
    setJoinError(null);
    let answer = await api('joinQueue', { params: { slug: status.slug } });
    // Past a few joins from this address the API asks for the captcha; answered, the join goes again.
    for (let tries = 0; tries < 2 && !answer.ok && CAPTCHA_CODES.has(answer.error?.code ?? ''); tries += 1) {
      const token = await askCaptcha();
      if (!token) break;
      answer = await api('joinQueue', {
        params: { slug: status.slug },
        headers: { [CAPTCHA_HEADER]: token },
      });
    }
    setJoining(false);
    if (answer.ok) setStatus(answer.body);
    else setJoinError(answer.message || t('queue.joinFailed'));
  };

  const joinButton = (label: 'queue.join' | 'queue.rejoin') => (
    <>
      <button type="button" className={styles.primary} onClick={join} disabled={joining}>
        {t(label)}
      </button>
      {joinError && (
        <p role="alert" className={styles.error}>
          {joinError}
        </p>
      )}
      {captcha && <JoinCaptcha answer={captcha} />}
    </>
  );

  const drawn = status.position !== null;
  const percent = Math.round(status.progress * 100);
  return (
    <article className={styles.room}>
      <p className={styles.kicker}>{t('queue.title')}</p>
      <h1 className={styles.name}>{status.name}</h1>
      <p className={styles.intro}>{t('queue.intro', { name: status.name })}</p>

      {status.state === 'none' && (
        <div className={styles.card}>
          {status.onSaleAt && new Date(status.onSaleAt).getTime() > Date.now() && (
            <p>{t('queue.beforeStart', { time: clockText(locale, status.onSaleAt) })}</p>
          )}
          {joinButton('queue.join')}
        </div>
      )}

      {status.state === 'waiting' && (
        <div className={styles.card} aria-live="polite">
          {drawn ? (
            <>
              <p className={styles.label}>{t('queue.position')}</p>
              <p className={styles.position} data-testid="queue-position">
                {status.position}
              </p>
              <p>
                {status.ahead === 0
                  ? t('queue.aheadNone')
                  : status.ahead === 1
                    ? t('queue.aheadOne')
                    : t('queue.ahead', { n: status.ahead ?? 0 })}
              </p>
              {status.estimatedWaitSeconds !== null && (
                <p className={styles.wait}>
                  {t('queue.wait', { wait: waitText(t, status.estimatedWaitSeconds) })}
                </p>
              )}
            </>
          ) : (
            <>
              <p>{t('queue.drawSoon')}</p>
              {status.estimatedWaitSeconds !== null && (
                <p className={styles.wait}>
                  {t('queue.startsIn', { wait: waitText(t, status.estimatedWaitSeconds) })}
                </p>
              )}
            </>
          )}
          <div
            className={styles.bar}
            role="progressbar"
            aria-label={t('queue.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${Math.max(percent, 2)}%` }} />
          </div>
          <p className={styles.note}>{t('queue.keepOpen')}</p>
          {offline && <p className={styles.error}>{t('queue.offline')}</p>}
        </div>
      )}

      {status.state === 'admitted' && status.passNeeds === 'login' && (
        <div className={styles.card} role="status">
          <p>{t('queue.loginToBuy')}</p>
          <Link
            className={styles.primary}
            to={`/login?redirect=${encodeURIComponent(`/fila/${status.slug}`)}`}
          >
            {t('queue.login')}
          </Link>
        </div>
      )}

      {status.state === 'admitted' && status.passNeeds === 'account' && (
        <div className={styles.card} role="status">
          <p>{t('queue.accountUsed')}</p>
        </div>
      )}

      {canBuy && status.passExpiresAt && (
        <div className={styles.card} role="status">
          <p>{t('queue.admitted', { time: clockText(locale, status.passExpiresAt) })}</p>
          <Link className={styles.primary} to={eventPath}>
            {t('queue.goToEvent')}
          </Link>
        </div>
      )}

      {(status.state === 'soldout' || status.state === 'expired' || status.state === 'closed') && (
        <div className={styles.card} role="status">
          <p className={status.state === 'soldout' ? styles.soldOut : undefined}>
            {t(
              status.state === 'soldout'
                ? 'queue.soldOut'
                : status.state === 'expired'
                  ? 'queue.expired'
                  : 'queue.closed',
            )}
          </p>
          {/* The event page sends a visitor whose pass ran out back here: a new place at the back, or home. */}
          {status.state === 'expired' ? (
            joinButton('queue.rejoin')
          ) : (
            <Link className={styles.secondary} to={eventPath}>
              {t('queue.backToEvent')}
            </Link>
          )}
        </div>
      )}
    </article>
  );
}

const CAPTCHA_CODES = new Set(['captcha_required', 'captcha_invalid']);
