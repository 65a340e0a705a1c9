import type { TLocale } from '@ingressos/domain';
import { type RateLimiterAbstract, RateLimiterMemory } from 'rate-limiter-flexible';
import type { TCaptcha } from '../../adapters/captcha/captcha.ts';
import type { TDatabase } from '../../db/client.ts';
import { AppError } from '../app-error.ts';
import { captchaProblem, createVisitorWindows } from '../visitor-throttle.ts';
import { createWindowCounts } from '../window-counts.ts';
import { cartError } from './cart-error.ts';

const WINDOW_SECONDS = 60;

/** Issue 19: how fast anonymous visitors may hold stock (config HOLD_*). */
export type THoldThrottleSettings = {
  /** Holds per minute from one IP, or one cart session, before the captcha is asked. */
  captchaAfter: number;
  /** Holds per minute from one IP, captcha or not: past it, a 429. */
  ipMaxPerMinute: number;
};

/** Who is asking for a hold, as the route sees them. */
export type THoldVisitor = { ip: string; sessionId?: string | undefined; captchaToken?: string | undefined };

export type THoldThrottle = {
  /** Counts one anonymous hold; throws 'captcha_required' / 'captcha_invalid' / 'too_many_holds'. */
  admit(visitor: THoldVisitor, locale: TLocale): Promise<void>;
};

/**
 * Anonymous holds are cheap to make (no account, a new cart session per request), so a script
 * could take a whole lot in a blink. Per IP and per cart session, the first `captchaAfter` holds
 * of a minute pass; past that the visitor proves to be a person with the site's captcha (the
 * answer in X-Captcha-Token), which opens a fresh window; and no IP gets more than
 * `ipMaxPerMinute` in any case. Counters live where the login limits do (rate-limits.ts): a
 * table every process shares on PostgreSQL, memory on PGlite; on PostgreSQL through the cart's
 * relaxed pool (asynchronous commit), as a counter that forgets its last fraction of a second in a
 * crash lets a few more holds through and nothing worse. Keys are hashed: a cart session is a secret.
 */
export function createHoldThrottle(
  database: TDatabase,
  settings: THoldThrottleSettings,
  captcha: TCaptcha,
): THoldThrottle {
  const windows = createVisitorWindows(database, WINDOW_SECONDS, 'relaxed');
  // The ceiling is a coarse guard: kept per process in memory, it costs the rush no round trip
  // (with N processes an address may reach N times it; the captcha windows below are shared).
  const ipMax = new RateLimiterMemory({
    keyPrefix: 'holdIpMax',
    points: settings.ipMaxPerMinute,
    duration: 60,
  });
  const ipWindow = windows.limiter('holdIp', settings.captchaAfter);
  const sessionWindow = windows.limiter('holdSession', settings.captchaAfter);
  const { keyOf } = windows;
  // On PostgreSQL the shared windows are counted in batches (window-counts.ts), which also starts
  // them again after a captcha; the limiters above name their rows.
  const shared = database.kind === 'postgres' ? createWindowCounts(database.relaxedDb, WINDOW_SECONDS) : null;
  /** A window's key as its limiter stores it, which the shared counts use too. */
  const stored = (window: RateLimiterAbstract, key: string) => window.getKey(keyOf(key));
  /** Starts a window again; a shared one through its counter, after any of its counts in flight. */
  const restart = (window: RateLimiterAbstract, key: string) =>
    shared ? shared.reset(stored(window, key)) : window.delete(keyOf(key));
  /** Counts one hold; true when the window is already spent. */
  const over = async (window: RateLimiterAbstract, key: string) => {
    if (shared && window !== ipMax) return (await shared(stored(window, key))) > settings.captchaAfter;
    return windows.over(window, key);
  };

  return {
    async admit(visitor, locale) {
      // Independent counters, counted at once: this runs before every anonymous hold of a rush.
      const [overMax, overIp, overSession] = await Promise.all([
        over(ipMax, visitor.ip),
        over(ipWindow, visitor.ip),
        visitor.sessionId ? over(sessionWindow, visitor.sessionId) : false,
      ]);
      if (overMax) {
        const error = cartError('too_many_holds', locale);
        throw new AppError(error.code, error.message, { headers: { 'Retry-After': '60' } });
      }
      if ((!overIp && !overSession) || captcha.provider === 'off') return;
      const problem = await captchaProblem(captcha, visitor.captchaToken, visitor.ip);
      if (problem) throw cartError(problem, locale);
      // A person answered: their windows start again.
      await Promise.all([
        restart(ipWindow, visitor.ip),
        visitor.sessionId ? restart(sessionWindow, visitor.sessionId) : undefined,
      ]);
    },
  };
}
