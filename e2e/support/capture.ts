import type { Page } from 'playwright-core';

/**
 * The fake camera's face clip (apps/api/src/testing/faces.ts makeFaceClip) is 4 s, played in a
 * loop from the moment the camera opens: far for 1 s, coming closer for 2 s, close for 1 s.
 */
export const CLIP_SECONDS = 4;
/** How long the local face engine may take to give its verdict on a capture. */
export const VERDICT_MS = 90_000;

export async function expectText(page: Page, text: string | RegExp, timeout = 15_000) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
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
 * lands at that moment.
 */
export async function captureNow(page: Page, button: string) {
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
