import type { TRotatingTicket } from '@ingressos/contracts/gate';
import { type CSSProperties, useEffect, useState } from 'react';
import { useI18n } from '~/ui/i18n.tsx';
import { loadQr } from './qr-loader.ts';
import { rotatingFrame, type TRotatingFrame } from './rotating-code.ts';
import styles from './rotating-qr.module.css';

/** The code as an SVG data URL: level M and the standard quiet zone, as the static QR (img-src allows data:). */
async function drawQr(text: string): Promise<string> {
  const qr = await loadQr();
  const svg = await qr.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The current frame, redrawn at each step boundary, and the whole seconds left (ticking each second). */
function useRotatingFrame(rotating: TRotatingTicket) {
  const [state, setState] = useState<{ frame: TRotatingFrame; src: string } | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(rotating.stepSeconds);
  const { jws, secret, stepSeconds } = rotating;
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let step = -1;
    let frame: TRotatingFrame | null = null;
    let busy = false;
    /** Redraws when the step changed, updates the seconds, and sleeps until the next whole second. */
    const tick = async () => {
      if (busy || !alive) return;
      busy = true;
      try {
        const now = Date.now();
        if (!frame || now >= frame.nextAt) {
          const next = await rotatingFrame({ jws, secret, stepSeconds }, now);
          if (next.step !== step) {
            const src = await drawQr(next.text);
            if (!alive) return;
            step = next.step;
            setState({ frame: next, src });
          }
          frame = next;
        }
        const left = frame.nextAt - Date.now();
        setSecondsLeft(Math.max(1, Math.ceil(left / 1000)));
        clearTimeout(timer);
        timer = setTimeout(() => void tick(), (left % 1000 || 1000) + 5);
      } catch {
        // The drawing code not loaded yet (a flaky network): try again in a second.
        clearTimeout(timer);
        timer = setTimeout(() => void tick(), 1000);
      } finally {
        busy = false;
      }
    };
    // A phone back from sleep or a tab brought forward: its timers were held back, redraw now.
    const wake = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      void tick();
    };
    void tick();
    document.addEventListener('visibilitychange', wake);
    return () => {
      alive = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [jws, secret, stepSeconds]);
  return { state, secondsLeft };
}

/**
 * Issue 35: the holder's rotating QR. It changes every step (15 s), computed here from the cached
 * secret (no network); a countdown ring and a sweeping band keep moving, so a screenshot is told
 * apart at the door. Screen readers hear what it is and that it changes, not every second.
 */
export function RotatingQr({
  rotating,
  n,
  size,
  decorative,
}: {
  rotating: TRotatingTicket;
  n: number;
  size: 'thumb' | 'big';
  /** Inside a button that names itself: the image adds nothing to it. */
  decorative?: boolean;
}) {
  const { t } = useI18n();
  const { state, secondsLeft } = useRotatingFrame(rotating);
  const share = state ? secondsLeft / rotating.stepSeconds : 1;
  return (
    <div className={`${styles.rotating} ${size === 'big' ? styles.big : styles.thumb}`}>
      <div className={styles.frame}>
        {state ? (
          <img
            className={styles.qr}
            src={state.src}
            alt={decorative ? '' : t('tickets.rotatingAlt', { n })}
            data-qr-text={state.frame.text}
            data-step={state.frame.step}
          />
        ) : (
          <span className={styles.qrWait}>{decorative ? '' : t('tickets.rotatingLoading')}</span>
        )}
        <span className={styles.sweep} aria-hidden="true" />
      </div>
      {size === 'big' ? (
        <div className={styles.timer}>
          <span className={styles.ring} aria-hidden="true" style={{ '--left': share } as CSSProperties}>
            <span data-testid="rotating-seconds">{secondsLeft}</span>
          </span>
          <p className={styles.note}>{t('tickets.rotatingNote')}</p>
        </div>
      ) : (
        <span className={styles.bar} aria-hidden="true">
          <span style={{ transform: `scaleX(${share})` }} />
        </span>
      )}
    </div>
  );
}
