/**
 * What the anonymous throttles (a hold of stock, a place in the queue) share: windows counted per
 * hashed key where the login limits count theirs (a table every process shares on PostgreSQL,
 * memory on PGlite), and the captcha that lets a person past a spent window.
 */
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { TCaptcha } from '../adapters/captcha/captcha.ts';
import type { TDatabase } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { sha256 } from '../db/tokens.ts';

export type TVisitorWindows = {
  /** A window of `points` per key over the throttle's duration. */
  limiter(keyPrefix: string, points: number): RateLimiterAbstract;
  /** The key as counted: hashed, as a cart session is a secret. */
  keyOf(key: string): string;
  /** Counts one request of `key`; true when the window is already spent. */
  over(window: RateLimiterAbstract, key: string): Promise<boolean>;
};

/**
 * Windows of `windowSeconds`; on PostgreSQL through `pool` ('relaxed': the pool of asynchronous
 * commit, for a counter that may forget its last fraction of a second in a crash).
 */
export function createVisitorWindows(
  database: TDatabase,
  windowSeconds: number,
  pool: 'relaxed' | 'default',
): TVisitorWindows {
  const keyOf = (key: string) => sha256(key).slice(0, 32);
  return {
    limiter(keyPrefix, points) {
      const options = { keyPrefix, points, duration: windowSeconds };
      if (database.kind !== 'postgres') return new RateLimiterMemory(options);
      const storeClient = pool === 'relaxed' ? database.relaxedDb : database.db;
      return new RateLimiterDrizzle({ ...options, storeClient, schema: rateLimits });
    },
    keyOf,
    async over(window, key) {
      try {
        await window.consume(keyOf(key));
        return false;
      } catch (error) {
        if (error instanceof RateLimiterRes) return true;
        throw error;
      }
    },
  };
}

/** What is wrong with a visitor's captcha answer (X-Captcha-Token), or null when a person answered. */
export async function captchaProblem(
  captcha: TCaptcha,
  token: string | undefined,
  ip: string,
): Promise<'captcha_required' | 'captcha_invalid' | null> {
  if (!token) return 'captcha_required';
  if (token.length > 4096 || !(await captcha.verify(token, ip))) return 'captcha_invalid';
  return null;
}
