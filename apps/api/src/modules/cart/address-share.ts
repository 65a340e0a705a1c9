import type { TLocale } from '@ingressos/domain';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { TDatabase } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { sha256 } from '../../db/tokens.ts';
import { AppError } from '../app-error.ts';
import { createWindowCounts } from '../window-counts.ts';
import { cartError } from './cart-error.ts';

/** Issue 31: the units one address may take of one event in a hold window (config HOLD_*). */
export type TAddressShareSettings = {
  /** Units anonymous holds from one IP may take of one event per hold window. */
  anonymousUnits: number;
  /** Units every hold from one IP (logged in or not) may take of one event per hold window: a loose ceiling. */
  ceilingUnits: number;
  /** The hold window: how long a cart holds its units. */
  holdSeconds: number;
};

export type THoldRequest = { ip: string; lotId: number; quantity: number; anonymous: boolean };

export type TAddressShare = {
  /**
   * Counts `quantity` units of the lot's event against the address; throws 'ip_hold_limit' (429)
   * past its share. Answers a function that gives the units back (the hold was refused after all).
   */
  take(request: THoldRequest, locale: TLocale): Promise<() => Promise<void>>;
};

/**
 * One address's share of an event (issue 31: one IP took all 60 units of a lot in 1.1 s by
 * answering six local captchas, each a new cart session). Anonymous holds have no other key, so
 * their share is small; a logged-in buyer is capped on the account (account-cap.ts) and the
 * address only by a ceiling hundreds of buyers behind one carrier address (CGNAT) stay under.
 * Counted as units taken per hold window, which bounds the units held at once; a refused hold
 * gives its units back. The anonymous share is shared by every process on PostgreSQL (the cart's
 * relaxed pool, counted as the throttles' windows are: window-counts.ts, issue 37, where one upsert
 * per anonymous hold had become the throttled rush's cost); the ceiling is per process in memory,
 * costing the rush no round trip.
 */
export function createAddressShare(database: TDatabase, settings: TAddressShareSettings): TAddressShare {
  const duration = settings.holdSeconds;
  const shared = database.kind === 'postgres' ? createWindowCounts(database.relaxedDb, duration) : null;
  /** The key as rate-limiter-flexible stored it before (its prefix, then the hashed key). */
  const stored = (key: string) => `holdIpEvent:${key}`;
  const anonymous: TShare = shared
    ? {
        async fits(key, units) {
          if ((await shared(stored(key), units)) <= settings.anonymousUnits) return true;
          await shared(stored(key), -units);
          return false;
        },
        giveBack: async (key, units) => void (await shared(stored(key), -units)),
      }
    : limiterShare(
        new RateLimiterMemory({ keyPrefix: 'holdIpEvent', points: settings.anonymousUnits, duration }),
      );
  const ceiling = limiterShare(
    new RateLimiterMemory({ keyPrefix: 'holdIpEventMax', points: settings.ceilingUnits, duration }),
  );
  const eventOfLot = lotEvents(database);

  return {
    async take(request, locale) {
      const eventId = await eventOfLot(request.lotId);
      // An unknown lot holds nothing: the add answers it.
      if (eventId === null) return async () => {};
      const key = sha256(`${request.ip}|${eventId}`).slice(0, 32);
      const taken: TShare[] = [];
      const giveBack = async () => {
        for (const share of taken.splice(0)) await share.giveBack(key, request.quantity);
      };
      for (const share of request.anonymous ? [anonymous, ceiling] : [ceiling]) {
        if (await share.fits(key, request.quantity)) {
          taken.push(share);
          continue;
        }
        await giveBack();
        const error = cartError('ip_hold_limit', locale);
        throw new AppError(error.code, error.message, { headers: { 'Retry-After': String(duration) } });
      }
      return giveBack;
    },
  };
}

/** One share of an address's units: takes them when they fit (false, nothing taken, when not), gives them back. */
type TShare = {
  fits(key: string, units: number): Promise<boolean>;
  giveBack(key: string, units: number): Promise<void>;
};

function limiterShare(limiter: RateLimiterAbstract): TShare {
  return {
    async fits(key, units) {
      try {
        await limiter.consume(key, units);
        return true;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // A refused count still counted: give it back, so a smaller hold that fits may pass.
        await limiter.reward(key, units);
        return false;
      }
    },
    giveBack: async (key, units) => void (await limiter.reward(key, units)),
  };
}

/** A lot's event, kept: a lot never moves to another event. */
function lotEvents(database: TDatabase) {
  const known = new Map<number, number | null>();
  return async (lotId: number): Promise<number | null> => {
    const hit = known.get(lotId);
    if (hit !== undefined) return hit;
    const result = await rows<{ event_id: number }>(
      database.relaxedDb,
      sql`
      select s.event_id from ticket_lots l
      join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id
      where l.id = ${lotId}`,
    );
    const eventId = result[0]?.event_id ?? null;
    if (known.size > 50_000) known.clear();
    if (eventId !== null) known.set(lotId, Number(eventId));
    return eventId === null ? null : Number(eventId);
  };
}
