import type { TLocale } from '@ingressos/domain';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { TDatabase } from '../../db/client.ts';
import { eq, like, or } from '../../db/orm.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { sha256 } from '../../db/tokens.ts';
import { createWindowCounts, type TWindowCounts } from '../window-counts.ts';
import { fail } from './messages.ts';

/**
 * Limits per account or session first, and per IP only as a loose ceiling (issue 31: on a sale
 * day hundreds of buyers share one mobile carrier's address, CGNAT). On PostgreSQL the counters
 * live in a table every process shares; PGlite is one process, so memory does. Numbers are per
 * window (seconds); docs/decisions.md has the table of what each protects.
 */
const LIMITS = {
  /** Ceiling: ~1,000 buyers of one carrier logging in within 15 minutes; the account keys below decide. */
  loginIp: { points: 1000, duration: 900 },
  /**
   * Login attempts on one account from one IP: the 11th in 15 minutes waits. Keyed on the account
   * (its e-mail and its CPF count together) and the IP, so a stranger who knows a buyer's e-mail
   * cannot lock the buyer out from another network.
   */
  loginAccountIp: { points: 10, duration: 900 },
  /** Every IP together against one account: a ceiling a single attacker cannot reach from one network. */
  loginAccount: { points: 50, duration: 900 },
  /** Ceiling only: each registration answers the site's captcha, the per-person guard. */
  registerIp: { points: 500, duration: 3600 },
  emailCheckIp: { points: 600, duration: 600 },
  resetIp: { points: 300, duration: 3600 },
  resetAccount: { points: 5, duration: 3600 },
  resetConfirmIp: { points: 300, duration: 3600 },
  smsUser: { points: 5, duration: 3600 },
  smsIp: { points: 300, duration: 3600 },
  matchCodeUser: { points: 10, duration: 900 },
  verificationMailUser: { points: 5, duration: 3600 },
  /** The local captcha's answers (development only: a public site runs a real provider). */
  captchaIp: { points: 1200, duration: 600 },
  /** Looking up whose account a CPF is (transfers): enough for a purchase, not for a sweep. */
  transferLookupUser: { points: 30, duration: 600 },
  /** Sending tickets away: a night out's worth per hour, not a stolen session emptying an account. */
  transferSendUser: { points: 20, duration: 3600 },
  /** E-mailing the sender's transfer code, and trying codes. */
  transferCodeMailUser: { points: 5, duration: 3600 },
  transferCodeCheckUser: { points: 10, duration: 900 },
  /** Accepting, refusing and cancelling transfers. */
  transferActionUser: { points: 60, duration: 600 },
  /** Coupon codes (a short word list finds them): 20 tries per cart session (or account) in 10 minutes… */
  promoCodeVisitor: { points: 20, duration: 600 },
  /** …and a ceiling per IP for scripts that drop their session. */
  promoCodeIp: { points: 300, duration: 600 },
  /**
   * CPF checks of the identification page (and its biometry holders): a cart's worth of typing,
   * not a sweep of CPFs; each check answers only for the caller's own cart (issue 31).
   */
  cpfCheckUser: { points: 40, duration: 600 },
  /** Issue 16: enrolment links a buyer sends to holders: each one is an e-mail to someone else. */
  biometryLinkUser: { points: 5, duration: 3600 },
  /** Exclusive pre-sale codes (a BIN prefix is a small space): 10 tries per account or cart session in 15 minutes… */
  exclusiveCodeVisitor: { points: 10, duration: 900 },
  /** …and a ceiling per IP for scripts that drop their session. */
  exclusiveCodeIp: { points: 300, duration: 900 },
  /** Downloading one's data (a heavy read): a few an hour. */
  dataExportUser: { points: 5, duration: 3600 },
  /** Asking to change the e-mail (two messages each): a few an hour. */
  emailChangeUser: { points: 5, duration: 3600 },
  /** Following e-mail-change links (random codes): enough for people, not for guessing. */
  emailChangeConfirmIp: { points: 300, duration: 3600 },
  /** Card-form sessions a buyer opens at a gateway (each is a call to it): a page mounts one per form. */
  gatewaySessionUser: { points: 30, duration: 600 },
  /** Commissioner lookups by hash and signed sales links (secrets in the URL): enough for people, not for guessing. */
  commissionerIp: { points: 600, duration: 600 },
  /** Facial biometry: starting, tokens for the phone, captures (each a face check), deleting. */
  biometryIp: { points: 1200, duration: 3600 },
  biometryStartUser: { points: 30, duration: 3600 },
  biometryTokenUser: { points: 20, duration: 3600 },
  biometryCreateUser: { points: 30, duration: 3600 },
  biometryDeleteUser: { points: 10, duration: 3600 },
  /** Issue 17: pixel events (a page sends a handful per visit): enough for browsing, not for flooding the provider. */
  pixelIp: { points: 1200, duration: 600 },
  /** Cookie choices recorded for an account: people change their mind, scripts do not need to. */
  cookieConsentUser: { points: 30, duration: 3600 },
  /** The admin switches: a wrong token is a guess; an operator needs a few changes an hour. */
  adminIp: { points: 20, duration: 900 },
  /**
   * Issue 33: staff login, each password and each second-factor try (a login spends two). An office
   * shares one address: room for ~30 people's logins in 15 minutes; the account's own lock (5
   * failures, modules/staff/lockout.ts) is the per-person guard.
   */
  staffLoginIp: { points: 60, duration: 900 },
  /** Issue 33: invitation links (256-bit tokens): enough for people, not for guessing. */
  staffInvitationIp: { points: 30, duration: 3600 },
} as const;

export type TLimitName = keyof typeof LIMITS;

/**
 * Issue 37: limits every purchase passes, counted in batches on PostgreSQL (window-counts.ts): the
 * count is answered from this process's view and written with others every few milliseconds, so
 * the check costs the buyer no statement and no commit. Another process's counts reach it within a
 * flush: an account spread over N processes may pass the limit by what it sends in that time. None
 * guards a secret (logins, codes and tokens keep their exact shared count).
 */
const BATCHED = ['cpfCheckUser'] as const satisfies readonly TLimitName[];
type TBatchedName = (typeof BATCHED)[number];

export type TRateLimits = {
  /** Counts one attempt; throws a 429 (too_many_requests) once the limit is spent. */
  consume(name: TLimitName, key: string, locale: TLocale): Promise<void>;
  /** Forgets a key (a successful login clears its failures). */
  reset(name: TLimitName, key: string): Promise<void>;
  /**
   * Issue 33: forgets a key and every pair key made from it (`key|…`): support unlocking an
   * account forgets its login windows from every address, without knowing the addresses.
   */
  forget(name: Exclude<TLimitName, TBatchedName>, key: string): Promise<void>;
  /** Writes the batched limits' counts not yet written, and learns their totals (tests; a closing process). */
  flush(): Promise<void>;
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
  // The batched limits' counts, on the relaxed pool as the throttles' are (a crash forgets a few).
  const batched = new Map<TLimitName, TWindowCounts>();
  if (database.kind === 'postgres')
    for (const name of BATCHED)
      batched.set(name, createWindowCounts(database.relaxedDb, LIMITS[name].duration));
  // Keys may be CPFs or e-mails: the table keeps only a hash of them. A pair key ('account|ip')
  // is hashed part by part, so every window of one account shares a prefix `forget` can find.
  const keyOf = (key: string) =>
    key
      .split('|')
      .map((part) => sha256(part).slice(0, 32))
      .join('.');
  return {
    async consume(name, key, locale) {
      const refuse = (msBeforeNext: number) => {
        const retryAfter = String(Math.max(1, Math.ceil(msBeforeNext / 1000)));
        return fail('too_many_requests', 'tooManyAttempts', locale, { 'Retry-After': retryAfter });
      };
      const limiter = limiters.get(name)!;
      const counts = batched.get(name);
      if (counts) {
        // The same row and key as the limiter's.
        const stored = limiter.getKey(keyOf(key));
        if ((await counts(stored)) > LIMITS[name].points)
          throw refuse(counts.endsIn(stored) ?? LIMITS[name].duration * 1000);
        return;
      }
      try {
        await limiter.consume(keyOf(key));
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw refuse(error.msBeforeNext);
      }
    },
    async reset(name, key) {
      const limiter = limiters.get(name)!;
      const counts = batched.get(name);
      // A batched window's row is deleted by its counter, after any of its counts in flight.
      if (counts) await counts.reset(limiter.getKey(keyOf(key)));
      else await limiter.delete(keyOf(key));
    },
    async flush() {
      await Promise.all([...batched.values()].map((counts) => counts.flush()));
    },
    async forget(name, key) {
      const limiter = limiters.get(name)!;
      const own = limiter.getKey(keyOf(key));
      if (database.kind === 'postgres') {
        await database.db
          .delete(rateLimits)
          .where(or(eq(rateLimits.key, own), like(rateLimits.key, `${own}.%`)));
        return;
      }
      // PGlite runs one process, whose windows are in the memory limiter's own map (no listing API).
      const storage = (limiter as unknown as { _memoryStorage?: { _storage?: Map<string, unknown> } })
        ._memoryStorage?._storage;
      for (const stored of [...(storage?.keys() ?? [])])
        if (stored === own || stored.startsWith(`${own}.`))
          await limiter.delete(stored.slice(name.length + 1));
    },
  };
}
