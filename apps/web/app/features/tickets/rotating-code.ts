import type { TRotatingTicket } from '@ingressos/contracts/gate';
import { fromBase64Url, hotp, rotatingQrText, stepAt } from '@ingressos/domain/rotating-code';

/**
 * Issue 35, the holder's rotating QR: what the page draws at an instant, computed in the browser
 * (WebCrypto) from the ticket's signed pass and its TOTP secret, so it works with no network.
 */
export type TRotatingFrame = {
  /** The QR's text: `BLT2.<jws>.<step>.<code>`. */
  text: string;
  step: number;
  /** Whole seconds until the next code (stepSeconds .. 1). */
  secondsLeft: number;
  /** The step's elapsed share, 0 (new code) to just under 1. */
  elapsed: number;
  /** When the next code is due (ms since the epoch). */
  nextAt: number;
};

/** The ticket's step at `nowMs` with the step length the server sent (15 s; the domain's by default). */
export function rotatingStep(rotating: Pick<TRotatingTicket, 'stepSeconds'>, nowMs: number): number {
  return rotating.stepSeconds > 0 ? Math.floor(nowMs / 1000 / rotating.stepSeconds) : stepAt(nowMs);
}

/** The frame at `nowMs`: the code of the current step and how long it stays. */
export async function rotatingFrame(rotating: TRotatingTicket, nowMs: number): Promise<TRotatingFrame> {
  const step = rotatingStep(rotating, nowMs);
  const stepMs = (rotating.stepSeconds > 0 ? rotating.stepSeconds : 15) * 1000;
  const code = await hotp(fromBase64Url(rotating.secret), step);
  const nextAt = (step + 1) * stepMs;
  const left = nextAt - nowMs;
  return {
    text: rotatingQrText(rotating.jws, step, code),
    step,
    secondsLeft: Math.max(1, Math.ceil(left / 1000)),
    elapsed: 1 - left / stepMs,
    nextAt,
  };
}
