/**
 * Lighthouse, mobile preset (its default: Moto G Power, slow 4G, 4x CPU slowdown), in Debian's
 * Chromium with the flags this machine needs to stay offline (CHROME_PATH or /usr/bin/chromium).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser.ts';

export type TLighthouseScores = {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** What holds the scores down: failed accessibility audits, the elements that shifted. */
  why: string[];
};

export type TCookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
};

/**
 * A logged-in buyer's cookies, put in the browser's own jar before the run: Lighthouse's storage
 * reset keeps cookies (its way to measure signed-in pages), and the pages' own calls then carry
 * and renew them as a real browser does (a Cookie request header would not).
 */
async function putCookies(port: number, cookies: TCookie[]) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const answered = new Promise<{ error?: { message: string } }>((resolve) => {
    socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
  });
  socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
  const answer = await answered;
  socket.close();
  if (answer.error) throw new Error(`Storage.setCookies: ${answer.error.message}`);
}

/** One Lighthouse run (mobile preset) of `url`, with `cookies` in the jar; scores are 0-100. */
export async function runLighthouse(url: string, cookies: TCookie[] = []): Promise<TLighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    if (cookies.length) await putCookies(chrome.port, cookies);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const lcpAudit = audits['largest-contentful-paint'];
    if (result.lhr.runtimeError || lcpAudit?.errorMessage) {
      throw new Error(
        `Lighthouse could not measure: ${result.lhr.runtimeError?.message ?? lcpAudit?.errorMessage}`,
      );
    }
    const a11yFailed = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => `a11y ${ref.id}`);
    const shifts = (
      (audits['layout-shifts']?.details as { items?: { node?: { selector?: string }; score?: number }[] })
        ?.items ?? []
    ).map((item) => `shift ${item.score?.toFixed(3)} ${item.node?.selector ?? '?'}`);
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
      why: [...a11yFailed, ...shifts],
    };
  } finally {
    chrome.kill();
  }
}
