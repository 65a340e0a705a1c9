import { existsSync } from 'node:fs';
import { COOKIE_CONSENT_NAME, formatCookieConsent } from '@ingressos/domain/cookie-consent';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/** Flags measured on these machines: without the networking ones Chromium tries the internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const firstInstalled = (candidates: (string | undefined)[]) =>
  candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));

/** The full Chromium: what a person runs, with a camera (`CHROME_PATH` first). */
export function chromiumPath(): string | undefined {
  return firstInstalled([process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

/**
 * The browser of the journeys: Chromium's headless shell (Debian's `chromium-headless-shell`, the
 * same Blink and V8 without the browser's own interface) when it is installed, else the full
 * Chromium. Measured here: the shell journeys took 46 s of CPU with it against 72 s with the full
 * browser. It has no camera: journeys that film a face use the full one (launchCameraBrowser).
 */
export function journeyBrowserPath(): string | undefined {
  if (process.env.CHROME_PATH) return chromiumPath();
  return (
    firstInstalled([process.env.CHROME_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell']) ??
    chromiumPath()
  );
}

function launch(executablePath: string | undefined, extraArgs: string[]): Promise<Browser> {
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or apt-get install chromium');
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** `extraArgs`: more Chromium flags for this launch. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return launch(journeyBrowserPath(), extraArgs);
}

/**
 * The full Chromium with a camera that plays a YUV4MPEG2 clip in a loop
 * (apps/api/src/testing/face-clips.ts makeFaceClip). The context still needs the permission:
 * `permissions: ['camera']`.
 */
export function launchCameraBrowser(y4m: string): Promise<Browser> {
  return launch(chromiumPath(), [
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${y4m}`,
  ]);
}

/**
 * A page in a fresh context (cookies and storage of its own), Portuguese by default. The visitor
 * has already answered the cookie banner (optional cookies rejected), as a returning buyer has,
 * so journeys about something else are not covered by it; `{ consentChosen: false }` is a first
 * visit, with the banner (e2e/consent-tracking.e2e.ts).
 */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  { consentChosen = true }: { consentChosen?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  if (consentChosen) {
    const cookie = `${COOKIE_CONSENT_NAME}=${formatCookieConsent({ analytics: false, marketing: false })}`;
    // Before any script of each document, on whatever origin the test opens; a choice the page
    // makes later is kept.
    await context.addInitScript((value) => {
      const name = value.slice(0, value.indexOf('=') + 1);
      // biome-ignore lint/suspicious/noDocumentCookie: a test fixture writing the cookie a choice would
      if (!document.cookie.includes(name)) document.cookie = `${value}; path=/; max-age=31536000`;
    }, cookie);
  }
  return context.newPage();
}

export const MOBILE: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

/**
 * Pages paint before they hydrate (apps/web/app/defer-hydration.server.ts): a click that lands
 * before hydration does nothing. Call this after page.goto before interacting.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}
