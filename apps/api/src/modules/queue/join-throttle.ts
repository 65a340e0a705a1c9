import type { TLocale } from '@ingressos/domain';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { TCaptcha } from '../../adapters/captcha/captcha.ts';
import type { TDatabase } from '../../db/client.ts';
import { AppError } from '../app-error.ts';
import { captchaProblem, createVisitorWindows } from '../visitor-throttle.ts';
import { createWindowCounts } from '../window-counts.ts';
import { queueError } from './queue-error.ts';

const WINDOW_SECONDS = 600;

/** Issue 31: how often one address or one browser may take a place (config QUEUE_*). */
export type TJoinThrottleSettings = {
  /** Joins from one IP in the window before each further one needs the captcha. */
  captchaAfter: number;
  /** Joins of one cart session in the window. */
  perSession: number;
  /** Joins from one IP in the window, captcha or not: a loose ceiling. */
  ipMax: number;
};

export type TJoiner = { ip: string; sessionId?: string | undefined; captchaToken?: string | undefined };

export type TJoinThrottle = {
  /** Counts one join; throws 'captcha_required' / 'captcha_invalid' (400) or 'too_many_joins' (429). */
  admit(joiner: TJoiner, locale: TLocale): Promise<void>;
};

/**
 * A place in the queue costs a script nothing (a new cart session per request), and before the
 * opening every place is drawn at random, so 150 places from one address win most early ranks
 * (issue 31). Per IP, the first `captchaAfter` joins of ten minutes pass; past that each join
 * answers the site's captcha; one cart session joins at most
 * `perSession` times (a reload returns the same place anyway); and no IP joins more than `ipMax`
 * times, a ceiling hundreds of buyers behind one carrier address stay under. What a bot's places
 * are worth is limited at admission instead: one pass per account (http/routes/queue.ts).
 * Counters live where the login limits do (a table every process shares on PostgreSQL, memory on
 * PGlite); keys are hashed, a cart session is a secret. On PostgreSQL the counts go in batches
 * (window-counts.ts, issue 37): once the joins were batched, three upserts per join were their cost.
 * They commit without waiting for the disk (relaxedDb, as the hold throttle's): a database crash may
 * forget a few seconds of counts, which lets those addresses join a little more, never less; the
 * join itself still waits for its commit.
 */
export function createJoinThrottle(
  database: TDatabase,
  settings: TJoinThrottleSettings,
  captcha: TCaptcha,
): TJoinThrottle {
  const windows = createVisitorWindows(database, WINDOW_SECONDS, 'default');
  const ipMax = windows.limiter('joinIpMax', settings.ipMax);
  const ipWindow = windows.limiter('joinIp', settings.captchaAfter);
  const sessionWindow = windows.limiter('joinSession', settings.perSession);
  const shared = database.kind === 'postgres' ? createWindowCounts(database.relaxedDb, WINDOW_SECONDS) : null;
  /** Counts one join; true when the window is already spent. */
  const over = async (window: RateLimiterAbstract, key: string) =>
    shared ? (await shared(window.getKey(windows.keyOf(key)))) > window.points : windows.over(window, key);
  /**
   * Counts one join from `ip` in both of the address's windows. They count the same key over the same
   * ten minutes, so on PostgreSQL one row serves both (a row fewer per join in a rush).
   */
  const overIp = async (ip: string) => {
    if (!shared) {
      const [max, captchaNeeded] = await Promise.all([windows.over(ipMax, ip), windows.over(ipWindow, ip)]);
      return { max, captchaNeeded };
    }
    const count = await shared(ipWindow.getKey(windows.keyOf(ip)));
    return { max: count > ipMax.points, captchaNeeded: count > ipWindow.points };
  };
  const tooMany = (locale: TLocale) => {
    const error = queueError('too_many_joins', locale);
    return new AppError(error.code, error.message, { headers: { 'Retry-After': String(WINDOW_SECONDS) } });
  };

  return {
    async admit(joiner, locale) {
      const [ip, overSession] = await Promise.all([
        overIp(joiner.ip),
        joiner.sessionId ? over(sessionWindow, joiner.sessionId) : false,
      ]);
      if (ip.max || overSession) throw tooMany(locale);
      if (!ip.captchaNeeded || captcha.provider === 'off') return;
      // Each join past the threshold answers its own captcha (an answer works once): a carrier's
      // buyers each solve one, a script solves one per place.
      const problem = await captchaProblem(captcha, joiner.captchaToken, joiner.ip);
      if (problem) throw queueError(problem, locale);
    },
  };
}
