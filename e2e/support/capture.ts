import type { Page } from 'playwright-core';
import { FACE_CLIP_SECONDS, PHASE_STRIP } from '../../apps/api/src/testing/face-clips.ts';
import { acquire, CAMERA_OR_RUSH } from './alone.ts';

/**
 * The fake camera's face clip (apps/api/src/testing/face-clips.ts makeFaceClip), played in a loop
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
      .then((body) => body.replace(/\s+/g, ' ').slice(0, 1500))
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
 * starts with the face in the oval and then comes closer when told. The moment is read off the
 * video itself (the clip's phase strip, faces.ts PHASE_STRIP), not the video's clock: on a busy
 * machine the fake camera falls behind, and its clock said "first second" while the clip showed
 * the face already close (CI's webcam journeys failed "move closer" so). In the page, so the press
 * lands at that moment. No rush of the run runs from the press until the page has its frames
 * (alone.ts): a capture beside the cart rush once missed it.
 */
export async function captureNow(page: Page, button: string) {
  const release = await acquire(CAMERA_OR_RUSH);
  // The page takes its frames over 3 s from the press (captureSchedule); the lock is let go a
  // while after, whatever the journey waits for meanwhile.
  setTimeout(release, CAPTURE_HOLD_MS);
  await page.evaluate(
    ({ loop, name, strip }) =>
      new Promise<void>((resolve, reject) => {
        const target = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
        if (!document.querySelector('video') || !target)
          return reject(new Error(`no video or no button ${name}`));
        // The clip is 640 x 480; drawn at that size whatever the video's own.
        const canvas = document.createElement('canvas');
        canvas.width = 640;
        canvas.height = 480;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        const bright = (data: Uint8ClampedArray, x: number) => data[x * 4]! > 128;
        // The video is read afresh each frame: a re-render may have put a new element in its place,
        // with no frame drawn yet (it draws as transparent black, no strip); that is waited out.
        const phase = () => {
          const video = document.querySelector('video');
          if (!video || video.readyState < 2) return null;
          context.drawImage(video, 0, 0, 640, 480);
          const reference = context.getImageData(0, 480 - strip.rows + 2, strip.width, 1).data;
          for (let x = 4; x < strip.width - 4; x += 1) if (!bright(reference, x)) return null;
          const bar = context.getImageData(0, 480 - 2, strip.width, 1).data;
          let filled = 0;
          for (let x = 0; x < strip.width; x += 1) if (bright(bar, x)) filled += 1;
          return (filled / strip.width) * loop;
        };
        const begun = performance.now();
        const tick = () => {
          const at = phase();
          if (at === null && performance.now() - begun > 10_000) {
            const video = document.querySelector('video');
            const state = video
              ? `readyState ${video.readyState}, ${video.videoWidth}x${video.videoHeight}`
              : 'none';
            return reject(
              new Error(`the camera shows no phase strip for 10 s (not a face clip; video: ${state})`),
            );
          }
          if (at !== null && at > 0.05 && at < 0.35) {
            target.click();
            resolve();
          } else requestAnimationFrame(tick);
        };
        tick();
      }),
    { loop: CLIP_SECONDS, name: button, strip: PHASE_STRIP },
  );
}
