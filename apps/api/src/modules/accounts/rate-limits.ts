import type { TLocale } from '@ingressos/domain';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { TDatabase } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { sha256 } from './tokens.ts';

/**
 * Limits per IP and per account. On PostgreSQL the counters live in a table every process
 * shares; PGlite is one process, so memory does. Numbers are per window (seconds).
 */
const LIMITS = {
  loginIp: { points: 100, duration: 900 },
  /**
   * Login attempts on one account from one IP: the 11th in 15 minutes waits. Keyed on the account
   * (its e-mail and its CPF count together) and the IP, so a stranger who knows a buyer's e-mail
   * cannot lock the buyer out from another network.
   */
  loginAccountIp: { points: 10, duration: 900 },
  /** Every IP together against one account: a ceiling a single attacker cannot reach from one network. */
  loginAccount: { points: 50, duration: 900 },
  registerIp: { points: 20, duration: 3600 },
  emailCheckIp: { points: 60, duration: 600 },
  resetIp: { points: 20, duration: 3600 },
  resetAccount: { points: 5, duration: 3600 },
  resetConfirmIp: { points: 30, duration: 3600 },
  smsUser: { points: 5, duration: 3600 },
  smsIp: { points: 20, duration: 3600 },
  matchCodeUser: { points: 10, duration: 900 },
  verificationMailUser: { points: 5, duration: 3600 },
  captchaIp: { points: 60, duration: 600 },
  /** Looking up whose account a CPF is (transfers): enough for a purchase, not for a sweep. */
  transferLookupUser: { points: 30, duration: 600 },
  /** Sending tickets away: a night out's worth per hour, not a stolen session emptying an account. */
  transferSendUser: { points: 20, duration: 3600 },
  /** E-mailing the sender's transfer code, and trying codes. */
  transferCodeMailUser: { points: 5, duration: 3600 },
  transferCodeCheckUser: { points: 10, duration: 900 },
  /** Accepting, refusing and cancelling transfers. */
  transferActionUser: { points: 60, duration: 600 },
  /** Coupon codes (a short word list finds them): 20 tries per IP in 10 minutes. */
  promoCodeIp: { points: 20, duration: 600 },
  /** CPF checks of the identification page: a cart's worth of typing, not a sweep of CPFs. */
  cpfCheckUser: { points: 60, duration: 600 },
  /** Issue 16: enrolment links a buyer sends to holders: each one is an e-mail to someone else. */
  biometryLinkUser: { points: 5, duration: 3600 },
  /** Exclusive pre-sale codes (a BIN prefix is a small space): 10 tries per IP in 15 minutes. */
  exclusiveCodeIp: { points: 10, duration: 900 },
  /** Downloading one's data (a heavy read): a few an hour. */
  dataExportUser: { points: 5, duration: 3600 },
  /** Asking to change the e-mail (two messages each): a few an hour. */
  emailChangeUser: { points: 5, duration: 3600 },
  /** Following e-mail-change links (random codes): enough for people, not for guessing. */
  emailChangeConfirmIp: { points: 30, duration: 3600 },
  /** Card-form sessions a buyer opens at a gateway (each is a call to it): a page mounts one per form. */
  gatewaySessionUser: { points: 30, duration: 600 },
  /** Commissioner lookups by hash and signed sales links (secrets in the URL): enough for people, not for guessing. */
  commissionerIp: { points: 60, duration: 600 },
  /** Facial biometry: starting, tokens for the phone, captures (each a face check), deleting. */
  biometryIp: { points: 120, duration: 3600 },
  biometryStartUser: { points: 30, duration: 3600 },
  biometryTokenUser: { points: 20, duration: 3600 },
  biometryCreateUser: { points: 30, duration: 3600 },
  biometryDeleteUser: { points: 10, duration: 3600 },
  /** Issue 17: pixel events (a page sends a handful per visit): enough for browsing, not for flooding the provider. */
  pixelIp: { points: 120, duration: 600 },
  /** Cookie choices recorded for an account: people change their mind, scripts do not need to. */
  cookieConsentUser: { points: 30, duration: 3600 },
  /** The admin switches: a wrong token is a guess; an operator needs a few changes an hour. */
  adminIp: { points: 20, duration: 900 },
} as const;

export type TLimitName = keyof typeof LIMITS;
export type TRateLimits = {
  /** Counts one attempt; throws a 429 (too_many_requests) once the limit is spent. */
  consume(name: TLimitName, key: string, locale: TLocale): Promise<void>;
  /** Forgets a key (a successful login clears its failures). */
  reset(name: TLimitName, key: string): Promise<void>;
};

export function createRateLimits(database: TDatabase): TRateLimits {
  const limiters = new Map<TLimitName, RateLimiterAbstract>();
  for (const [name, { points, duration }] of Object.entries(LIMITS) as [
    TLimitName,
    (typeof LIMITS)[TLimitName],
  ][]) {
    const options = { keyPrefix: name, points, duration };
    limiters.set(
      name,
      database.kind === 'postgres'
        ? new RateLimiterDrizzle({ ...options, storeClient: database.db, schema: rateLimits })
        : new RateLimiterMemory(options),
    );
  }
  // Keys may be CPFs or e-mails: the table keeps only a hash of them.
  const keyOf = (key: string) => sha256(key).slice(0, 32);
  return {
    async consume(name, key, locale) {
      try {
        await limiters.get(name)!.consume(keyOf(key));
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const retryAfter = String(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw fail('too_many_requests', 'tooManyAttempts', locale, { 'Retry-After': retryAfter });
      }
    },
    async reset(name, key) {
      await limiters.get(name)!.delete(keyOf(key));
    },
  };
}
