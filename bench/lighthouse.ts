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
};

/** One Lighthouse run (mobile preset) of `url`, sending `cookies` if given; scores are 0-100. */
export async function runLighthouse(url: string, cookies = ''): Promise<TLighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // A logged-in buyer's pages: their cookies on every request (the storage reset empties the jar).
      ...(cookies ? { extraHeaders: { Cookie: cookies } } : {}),
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
    };
  } finally {
    chrome.kill();
  }
}
