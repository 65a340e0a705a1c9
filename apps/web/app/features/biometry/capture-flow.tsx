import { BIOMETRY_TOKEN_HEADER } from '@ingressos/contracts/biometry';
import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { plural } from '~/i18n/plural.ts';
import { api } from '~/shared/api-client.ts';
import forms from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './biometry.module.css';
import { captureSchedule, grabFrame, openCamera, stopCamera, type TCameraProblem } from './camera.ts';
import { BiometryStatusCard, type TCardLinks } from './status-card.tsx';

type TPhase =
  | { name: 'loading' }
  | { name: 'card'; statusId: number }
  | { name: 'missing' }
  | { name: 'failed'; message: string }
  | { name: 'consent' }
  | { name: 'camera' }
  | { name: 'cameraProblem'; problem: TCameraProblem }
  | { name: 'preview' }
  | { name: 'capturing'; step: 'hold' | 'closer'; done: number; total: number }
  | { name: 'sending' }
  | { name: 'refused'; message: string };

/** Statuses that still wait for a capture: the consent and the camera come next. */
const OPEN: readonly number[] = [
  BIOMETRY_STATUS.NOT_EXISTENT,
  BIOMETRY_STATUS.STARTED,
  BIOMETRY_STATUS.IN_PROGRESS,
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type TCaptureFlowProps = {
  /** From the QR code's link on a phone without a session. */
  token: string | null;
  uuid: string | null;
  /** Where to go 2 s after ACTIVE (with a session). */
  next: string;
  links: Omit<TCardLinks, 'start' | 'onRetry' | 'onSuccess'>;
};

/**
 * /reconhecimento-facial: consent (LGPD art. 11) before the camera starts, the camera's permission,
 * a live preview with the framing oval and lighting hints, the "move closer" challenge, then the
 * server's verdict as the spec's status card (retry after a refused capture, BLOCKED at the limit).
 */
export function CaptureFlow({ token, uuid: givenUuid, next, links }: TCaptureFlowProps) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<TPhase>({ name: 'loading' });
  const [uuid, setUuid] = useState<string | null>(givenUuid);
  const [frames, setFrames] = useState({ min: 3, max: 8 });
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const headers = token ? { [BIOMETRY_TOKEN_HEADER]: token } : undefined;

  const load = useCallback(async () => {
    setPhase({ name: 'loading' });
    if (token && givenUuid) {
      const answer = await api('biometryStatus', {
        params: { uuid: givenUuid },
        headers: { [BIOMETRY_TOKEN_HEADER]: token },
      });
      // An enrolment the server no longer has: the spec's 'Biometria não encontrada' (retry, support).
      if (!answer.ok && answer.status === 404) return setPhase({ name: 'missing' });
      if (!answer.ok) return setPhase({ name: 'failed', message: answer.message || t('biometry.notFound') });
      const { statusId } = answer.body;
      return setPhase(OPEN.includes(statusId) ? { name: 'consent' } : { name: 'card', statusId });
    }
    const answer = await api('startBiometry', { body: {} });
    if (!answer.ok) return setPhase({ name: 'failed', message: answer.message || t('biometry.startFailed') });
    setUuid(answer.body.uuid);
    setFrames(answer.body.frames);
    setAttemptsLeft(answer.body.attemptsLeft);
    const { statusId } = answer.body;
    setPhase(OPEN.includes(statusId) ? { name: 'consent' } : { name: 'card', statusId });
  }, [token, givenUuid, t]);

  useEffect(() => {
    void load();
    return () => stopCamera(stream.current);
  }, [load]);

  // The stream goes into the <video> once it is on the page.
  useEffect(() => {
    if ((phase.name === 'preview' || phase.name === 'capturing') && video.current && stream.current) {
      if (video.current.srcObject !== stream.current) video.current.srcObject = stream.current;
    }
  }, [phase.name]);

  const startCamera = async () => {
    setPhase({ name: 'camera' });
    const opened = await openCamera();
    if (typeof opened === 'string') return setPhase({ name: 'cameraProblem', problem: opened });
    stream.current = opened;
    setPhase({ name: 'preview' });
  };

  const capture = async () => {
    const player = video.current;
    const board = canvas.current;
    if (!player || !board || !uuid) return;
    const schedule = captureSchedule(frames);
    const taken: string[] = [];
    setPhase({ name: 'capturing', step: 'hold', done: 0, total: schedule.length });
    const started = performance.now();
    for (const [index, at] of schedule.entries()) {
      const wait = at - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      const frame = grabFrame(player, board);
      if (frame) taken.push(frame);
      setPhase({ name: 'capturing', step: 'closer', done: index + 1, total: schedule.length });
    }
    setPhase({ name: 'sending' });
    const answer = await api('createBiometry', { body: { uuid, frames: taken }, headers });
    if (!answer.ok) {
      return setPhase({ name: 'refused', message: answer.message || t('biometry.createFailed') });
    }
    const { data, message } = answer.body;
    setAttemptsLeft(data.attemptsLeft);
    if (data.problem && data.biometryStatusId !== BIOMETRY_STATUS.BLOCKED) {
      return setPhase({ name: 'refused', message: message ?? t('biometry.createFailed') });
    }
    stopCamera(stream.current);
    stream.current = null;
    setPhase({ name: 'card', statusId: data.biometryStatusId });
  };

  const onSuccess = useCallback(() => {
    if (!token) navigate(next);
    else setPhase({ name: 'failed', message: t('biometry.phoneDone') });
  }, [token, navigate, next, t]);

  const cardLinks: TCardLinks = {
    ...links,
    start: () => setPhase({ name: 'consent' }),
    onRetry: load,
    onSuccess,
  };

  switch (phase.name) {
    case 'loading':
      return <BiometryStatusCard view={{ kind: 'loading' }} links={cardLinks} />;
    case 'missing':
      return <BiometryStatusCard view={{ kind: 'missing' }} links={cardLinks} />;
    case 'card':
      return <BiometryStatusCard view={{ kind: 'status', statusId: phase.statusId }} links={cardLinks} />;
    case 'failed':
      return (
        <div className={styles.card} role="status">
          <p>{phase.message}</p>
        </div>
      );
    case 'consent':
      return (
        <section className={styles.consent} aria-labelledby="biometry-consent-title">
          <h2 id="biometry-consent-title">{t('biometry.consentTitle')}</h2>
          <ul>
            <li>{t('biometry.consentWhat')}</li>
            <li>{t('biometry.consentWhy')}</li>
            <li>{t('biometry.consentHow')}</li>
            <li>{t('biometry.consentRights')}</li>
          </ul>
          <p>
            <Link to="/politicas-de-privacidade" target="_blank">
              {t('biometry.consentPrivacy')}
            </Link>
          </p>
          <button type="button" className={forms.primary} onClick={startCamera}>
            {t('biometry.consentAccept')}
          </button>
        </section>
      );
    case 'camera':
      return (
        <p className={styles.card} role="status">
          {t('biometry.cameraAsking')}
        </p>
      );
    case 'cameraProblem':
      return (
        <div className={`${styles.card} ${styles.warn}`} role="alert">
          <p>{phase.problem === 'denied' ? t('biometry.cameraDenied') : t('biometry.cameraMissing')}</p>
          <div className={styles.actions}>
            <button type="button" className={forms.primary} onClick={startCamera}>
              {t('biometry.cameraRetry')}
            </button>
          </div>
        </div>
      );
    default: {
      const busy = phase.name !== 'preview';
      return (
        <section className={styles.capture}>
          <div className={styles.stage}>
            <video
              ref={video}
              className={styles.video}
              autoPlay
              muted
              playsInline
              aria-label={t('biometry.previewLabel')}
            />
            <div className={`${styles.oval} ${phase.name === 'capturing' ? styles.ovalActive : ''}`} />
          </div>
          <canvas ref={canvas} hidden />
          <div className={styles.side}>
            {phase.name === 'preview' && (
              <ul className={styles.hints}>
                <li>{t('biometry.hintLight')}</li>
                <li>{t('biometry.hintFrame')}</li>
                <li>{t('biometry.hintFace')}</li>
                <li>{t('biometry.hintAlone')}</li>
              </ul>
            )}
            {phase.name === 'capturing' && (
              <div role="status" className={styles.step}>
                <p className={styles.stepText}>
                  {phase.done === 0 ? t('biometry.stepHold') : t('biometry.stepCloser')}
                </p>
                <progress max={phase.total} value={phase.done} className={styles.progress} />
                <p>{t('biometry.progress', { done: String(phase.done), total: String(phase.total) })}</p>
              </div>
            )}
            {phase.name === 'sending' && (
              <p role="status" className={styles.stepText}>
                {t('biometry.sending')}
              </p>
            )}
            {phase.name === 'refused' && (
              <div role="alert" className={styles.refused}>
                <p>{phase.message}</p>
                {attemptsLeft !== null && <p>{plural(t, locale, 'biometry.attemptsLeft', attemptsLeft)}</p>}
              </div>
            )}
            {(phase.name === 'preview' || phase.name === 'refused') && (
              <button
                type="button"
                className={forms.primary}
                onClick={capture}
                disabled={busy && phase.name !== 'refused'}
              >
                {phase.name === 'refused' ? t('biometry.tryAgain') : t('biometry.startCapture')}
              </button>
            )}
          </div>
        </section>
      );
    }
  }
}
