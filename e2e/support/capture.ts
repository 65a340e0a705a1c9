import type { Page } from 'playwright-core';
import { FACE_CLIP_SECONDS } from '../../apps/api/src/testing/faces.ts';
import { acquire, CAMERA_OR_RUSH } from './alone.ts';

/**
 * The fake camera's face clip (apps/api/src/testing/faces.ts makeFaceClip), played in a loop
 * from the moment the camera opens: far for 1 s, coming closer for 2 s, then close.
 */
export const CLIP_SECONDS = FACE_CLIP_SECONDS;
/** How long the local face engine may take to give its verdict on a capture. */
export const VERDICT_MS = 90_000;
/** How long a capture keeps the other heavy work of the run away: its 3 s of frames and a margin. */
const CAPTURE_HOLD_MS = 10_000;

/** Waits for `text`; when it does not come, the error says what the page showed instead. */
export async function expectText(page: Page, text: string | RegExp, timeout = 15_000) {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    const shown = await page
      .locator('body')
      // biome-ignore lint/performance/useDomNodeTextContent: what a person sees, not the scripts' text
      .innerText({ timeout: 5_000 })
      .then((body) => body.replace(/\s+/g, ' ').slice(0, 600))
      .catch(() => '(the page could not be read)');
    throw new Error(`'${text}' did not show in ${timeout} ms; the page showed: ${shown}`, { cause: error });
  }
}

/** On /reconhecimento-facial: accepts the consent and waits for the live preview. */
export async function openCamera(page: Page) {
  await expectText(page, 'Antes de começar: sua biometria facial');
  await page.getByRole('button', { name: 'Concordo e quero continuar' }).click();
  await page.getByRole('button', { name: 'Iniciar captura' }).waitFor();
  await page.waitForFunction(() => {
    const video = document.querySelector('video');
    return Boolean(video && video.readyState >= 2 && video.videoWidth > 0);
  });
}

/**
 * Presses the capture button while the clip shows the face far (its first second), as a person
 * starts with the face in the oval and then comes closer when told. In the page, so the press
 * lands at that moment. No rush of the run runs from the press until the page has its frames
 * (alone.ts): the clip plays in real time, and a capture beside the cart rush once missed it.
 */
export async function captureNow(page: Page, button: string) {
  const release = await acquire(CAMERA_OR_RUSH);
  // The page takes its frames over 3 s from the press (captureSchedule); the lock is let go a
  // while after, whatever the journey waits for meanwhile.
  setTimeout(release, CAPTURE_HOLD_MS);
  await page.evaluate(
    ({ loop, name }) =>
      new Promise<void>((resolve, reject) => {
        const video = document.querySelector('video');
        const target = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
        if (!video || !target) return reject(new Error(`no video or no button ${name}`));
        const tick = () => {
          const phase = video.currentTime % loop;
          if (phase > 0.05 && phase < 0.35) {
            target.click();
            resolve();
          } else requestAnimationFrame(tick);
        };
        tick();
      }),
    { loop: CLIP_SECONDS, name: button },
  );
}
