import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser.ts';

export type TLighthouseScores = {
  url: string;
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

/**
 * Lighthouse's mobile preset (slow 4G, 4x CPU slowdown) against a page, in Debian's Chromium
 * driven through its DevTools port. Scores are 0-100.
 */
export async function runLighthouse(url: string): Promise<TLighthouseScores> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or apt-get install chromium');
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    };
  } finally {
    await browser.close();
  }
}
