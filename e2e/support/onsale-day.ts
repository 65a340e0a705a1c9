import { fire } from './load.ts';
import { startNginx, type TRunningNginx } from './nginx.ts';
import { onSaleViolations, type TOnSaleInvariants } from './onsale-invariants.ts';
import { buyTicket } from './onsale-journey.ts';
import { faultDatabase, makeBuyers, sleep, type TApiBuyer } from './purchase-kit.ts';
import { queueOrder, type TQueueOrder } from './queue-order.ts';
import { freePort, startServer, type TRunningServer } from './server.ts';
import { memoryOf, percentile, StepTimer, type TStepSummary } from './step-timer.ts';

/**
 * Issue 37, a whole on-sale day (bench/onsale-day.ts, and small in e2e/onsale-day.pg.e2e.ts): two
 * server processes behind the nginx of deploy/ on one PostgreSQL, an event with a waiting room and
 * `purchases` tickets. `visitors` join its queue over HTTP, a share of them before the on-sale time
 * (drawn at random at the start) and the rest while it sells. Each admitted visitor, logged in with
 * an account made in the database, loads the queue page (which claims the pass), the event page,
 * holds a ticket with the pass, identifies its holder, pays by card (sandbox) and opens My tickets.
 * Bots try addtocart without a pass throughout; some waiting visitors poll their place.
 *
 * Waiting visitors are not simulated polling each: the driver reads who was admitted from the
 * queue's table (what their next status poll would show) and starts that visitor's journey.
 */
export type TOnSaleOptions = {
  visitors: number;
  purchases: number;
  /** Share of the visitors who join before the on-sale time. */
  earlyShare: number;
  /** The admit rate at the start (visitors a minute). */
  ratePerMinute: number;
  /** When set, the rate follows the payment's p99 each window: down past the target, up well under it. */
  adapt?: { targetMs: number; windowSeconds: number; minPerMinute: number; maxPerMinute: number };
  joinConcurrency: number;
  /** Stop the joins once the stock is sold (the suite's short run); otherwise every visitor joins. */
  joinUntilSoldOut?: boolean;
  /** Pause between a bot's rounds of 6 adds and between a waiting visitor's polls (ms). */
  backgroundPauseMs?: { bots: number; polls: number };
  /** Journeys at once at most (nginx's 512 connections are shared with the joins and bots). */
  maxJourneys: number;
  deadlineSeconds: number;
  poolSize: number;
  log?: (line: string) => void;
};

export type TRateWindow = {
  atSeconds: number;
  ratePerMinute: number;
  payments: number;
  paymentP99Ms: number;
  journeysInFlight: number;
};

export type TOnSaleResult = {
  visitors: number;
  early: number;
  capacity: number;
  purchases: number;
  seconds: number;
  steps: Record<string, TStepSummary>;
  outcomes: Record<string, number>;
  admitRate: {
    startPerMinute: number;
    finalPerMinute: number;
    /** The highest rate of a window whose payments (5 or more, as the rate's own rule) kept their p99 under the target. */
    withinTargetPerMinute: number | null;
    targetMs: number | null;
    windows: TRateWindow[];
  };
  /** Journeys that waited for a free slot before starting (maxJourneys at once). */
  journeysDelayed: number;
  /** Lines of nginx's error log at error level or worse (a refused, reset or timed-out upstream). */
  nginxErrors: number;
  /** Holds that answered a server error, and the units their carts still hold at the end (should be 0). */
  heldAfterFailedHold: { holds: number; unitsStillHeld: number };
  memoryPerProcess: { rssMb: number; peakMb: number }[];
  order: TQueueOrder;
  invariants: TOnSaleInvariants;
};

/** Payments a window needs before its p99 moves the rate (5 s at 60 a minute make 5). */
const MIN_PAYMENTS = 5;
const visitorSession = (i: number) => `onsale_visitor_${String(i).padStart(9, '0')}`;

/** At most `limit` tasks at once; the others wait their turn in order. */
function slots(limit: number) {
  let busy = 0;
  let delayed = 0;
  const waiting: (() => void)[] = [];
  return {
    get busy() {
      return busy + waiting.length;
    },
    get delayed() {
      return delayed;
    },
    async run(task: () => Promise<void>) {
      if (busy >= limit) {
        delayed += 1;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      busy += 1;
      try {
        await task();
      } finally {
        busy -= 1;
        waiting.shift()?.();
      }
    },
  };
}

export async function runOnSaleDay(options: TOnSaleOptions): Promise<TOnSaleResult> {
  const log = options.log ?? (() => {});
  const db = await faultDatabase('onsale', options.purchases);
  const { eventId, lotId, slug } = db.fixture;
  const servers: TRunningServer[] = [];
  let nginx: TRunningNginx | undefined;
  try {
    // Some admitted visitors find the stock sold out: more accounts than tickets (and more made
    // while the queue admits past them).
    const accounts = await makeBuyers(db, Math.ceil(options.purchases * 1.1) + 20);
    // One ticket per CPF: identification matters, and the checker counts it.
    await db.query(
      'update event_tickets set tickets_per_cpf = 1 where id = (select ticket_id from ticket_lots where id = $1)',
      [lotId],
    );
    // The one lot on sale: the queue's free stock is this lot's, and it stops admitting once sold.
    await db.query(
      `update ticket_lots set disabled = true where id <> $2 and ticket_id in (select t.id from event_tickets t
         join event_sections s on s.id = t.section_id where s.event_id = $1)`,
      [eventId, lotId],
    );
    await db.query(
      `update events set queue_enabled = true, queue_rate_per_minute = $2, on_sale_at = now() + interval '1 day' where id = $1`,
      [eventId, options.ratePerMinute],
    );
    const port = await freePort();
    const env = {
      DATABASE_URL: db.url,
      DEMO_DATA: 'false',
      DATABASE_POOL_SIZE: String(options.poolSize),
      LOG_LEVEL: 'error',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY_HOPS: '1',
      WAITING_ROOM: 'true',
    };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    nginx = await startNginx({ upstreams: servers.map((s) => `127.0.0.1:${s.port}`), port });
    const url = nginx.url;
    const timer = new StepTimer();
    const outcomes: Record<string, number> = {};
    const count = (what: string) => {
      outcomes[what] = (outcomes[what] ?? 0) + 1;
    };
    const join = (i: number) =>
      timer.call(
        'join',
        `${url}/api/queue/${slug}/join`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-id': visitorSession(i) },
          body: '{}',
        },
        (answer) => answer.status === 200,
      );
    const early = Math.round(options.visitors * options.earlyShare);
    const started = performance.now();
    await fire(early, options.joinConcurrency, join);
    log(`${early} early arrivals joined in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The on-sale time: the next admission tick draws the early arrivals' places.
    await db.query('update events set on_sale_at = now() where id = $1', [eventId]);
    const saleStart = performance.now();
    let joined = early;
    let lateDone = false;
    let joining = true;
    const lateJoins = fire(options.visitors - early, options.joinConcurrency, async (k) => {
      if (!joining) return;
      await join(early + k);
      joined += 1;
    }).then(() => {
      lateDone = true;
      log(`all ${options.visitors} joined`);
    });

    let running = true;
    const json = { 'content-type': 'application/json' };
    const journeys = slots(options.maxJourneys);
    const inFlight: Promise<void>[] = [];

    const visit = { url, slug, eventId, lotId, timer, count, failedHolds: [] as string[] };
    const journey = (session: string, buyer: TApiBuyer) => buyTicket(visit, session, buyer);

    // Who the queue admitted, as their next status poll would see it, in admission order.
    const seen = new Set<string>();
    let since = '-infinity';
    let nextAccount = 0;
    let lastAdmission = performance.now();
    const watch = async () => {
      const rows = await db.query<{ session_id: string; at: string }>(
        `select session_id, admitted_at::text as at from queue_entries
          where event_id = $1 and admitted_at >= $2::timestamptz order by admitted_at, rank`,
        [eventId, since],
      );
      for (const row of rows) {
        since = row.at;
        if (seen.has(row.session_id)) continue;
        seen.add(row.session_id);
        lastAdmission = performance.now();
        // A visitor whose journey failed keeps its account's place: the next ones need new accounts.
        if (nextAccount >= accounts.length - 50) accounts.push(...(await makeBuyers(db, 500)));
        const buyer = accounts[nextAccount++];
        if (!buyer) {
          count('admitted without an account left');
          continue;
        }
        inFlight.push(journeys.run(() => journey(row.session_id, buyer)));
      }
    };

    // Bots: no session, a waiting visitor's session, a made-up pass; each must get 403.
    let botIndex = 0;
    const bots = (async () => {
      while (running) {
        await fire(6, 6, async (k) => {
          botIndex += 1;
          const i = botIndex;
          const headers: Record<string, string> = { ...json };
          if (k % 3 > 0) headers['x-session-id'] = visitorSession(i % Math.max(1, joined));
          if (k % 3 === 2)
            headers['x-queue-pass'] = `${eventId}.${visitorSession(i)}.9999999999.${'A'.repeat(43)}`;
          await timer.call(
            'bot addtocart',
            `${url}/api/v4/addtocart`,
            { method: 'POST', headers, body: JSON.stringify({ lotId, quantity: 1 }) },
            (answer) => answer.status === 403,
          );
        });
        await sleep(options.backgroundPauseMs?.bots ?? 500);
      }
    })();
    // Some waiting visitors asking for their place (the status page's poll).
    const pollers = Promise.all(
      Array.from({ length: 2 }, async () => {
        while (running) {
          const i = Math.floor(Math.random() * joined);
          await timer.call('queueStatusWaiting', `${url}/api/queue/${slug}`, {
            headers: { 'x-session-id': visitorSession(i) },
          });
          await sleep(options.backgroundPauseMs?.polls ?? 200);
        }
      }),
    );

    // The operator's knob: the event's rate, following the payment's p99.
    let rate = options.ratePerMinute;
    let sold = 0;
    const windows: TRateWindow[] = [];
    let windowStart = performance.now();
    const adapt = async () => {
      const now = performance.now();
      const payments = timer.durationsBetween('payment', windowStart, now);
      const p99 = percentile(payments, 0.99);
      windows.push({
        atSeconds: Math.round((now - saleStart) / 1000),
        ratePerMinute: rate,
        payments: payments.length,
        paymentP99Ms: Math.round(p99),
        journeysInFlight: journeys.busy,
      });
      windowStart = now;
      log(
        `${Math.round((now - saleStart) / 1000)} s: ${sold} sold, ${joined} joined, ${journeys.busy} buying, ` +
          `admitting ${rate}/min, payment p99 ${Math.round(p99)} ms over ${payments.length}`,
      );
      const a = options.adapt;
      // Admitted visitors piling up unserved count as too slow too (payments may not finish at all).
      const backlog = journeys.busy >= options.maxJourneys;
      if (!a || (payments.length < MIN_PAYMENTS && !backlog)) return;
      const next =
        p99 > a.targetMs || backlog
          ? Math.max(a.minPerMinute, Math.round(rate * 0.7))
          : p99 < a.targetMs * 0.6 && journeys.busy < options.maxJourneys
            ? Math.min(a.maxPerMinute, Math.round(rate * 1.3))
            : rate;
      if (next !== rate) {
        rate = next;
        await db.query('update events set queue_rate_per_minute = $2 where id = $1', [eventId, rate]);
      }
    };

    const windowMs = (options.adapt?.windowSeconds ?? 5) * 1000;
    const deadline = Date.now() + options.deadlineSeconds * 1000;
    let lastWindow = performance.now();
    for (;;) {
      await watch();
      if (performance.now() - lastWindow >= windowMs) {
        lastWindow = performance.now();
        await adapt();
      }
      const [lot] = await db.query<{ sold: number; held: number; capacity: number }>(
        'select sold, held, capacity from ticket_lots where id = $1',
        [lotId],
      );
      sold = lot!.sold;
      const soldOut = lot!.sold >= lot!.capacity;
      // Stuck holds (a failed payment) keep the rest from selling: the admissions stop, so do we.
      const stalled = lot!.sold + lot!.held >= lot!.capacity && performance.now() - lastAdmission > 10_000;
      if ((soldOut || stalled) && options.joinUntilSoldOut) joining = false;
      if ((soldOut || stalled) && (lateDone || !joining) && journeys.busy === 0) break;
      if (Date.now() > deadline) {
        log('deadline reached');
        count('run cut at the deadline');
        break;
      }
      await sleep(200);
    }
    const seconds = (performance.now() - saleStart) / 1000;
    running = false;
    joining = false;
    await Promise.all([bots, pollers, lateJoins, ...inFlight]);
    await adapt();
    const memoryPerProcess = servers.map((server) => memoryOf(server.pid));
    // Why nginx answered 502/504 (refused or reset connections, timeouts), when it did.
    const nginxErrors = nginx
      .errorLog()
      .split('\n')
      .filter((line) => /\[(error|crit|alert)\]/.test(line));
    for (const line of nginxErrors.slice(-5)) log(`nginx: ${line.slice(0, 300)}`);

    // A hold that answered a server error should hold nothing (the buyer saw it fail).
    const [kept] = await db.query<{ units: number }>(
      `select coalesce(sum(h.quantity), 0)::int as units from cart_holds h join carts c on c.id = h.cart_id
        where not h.released and c.session_id = any($1::text[])`,
      [visit.failedHolds],
    );
    const order = await queueOrder(db, eventId);
    const invariants = await onSaleViolations(db, eventId, {
      lotId,
      botsAccepted: Object.entries(timer.summary()['bot addtocart']?.failures ?? {})
        .filter(([status]) => status.startsWith('200'))
        .reduce((sum, [, n]) => sum + n, 0),
      processes: servers.map((server, i) => ({ name: `server ${i}`, alive: server.alive })),
    });
    const [lot] = await db.query<{ sold: number; capacity: number }>(
      'select sold, capacity from ticket_lots where id = $1',
      [lotId],
    );
    const good = windows.filter(
      (w) => w.payments >= MIN_PAYMENTS && w.paymentP99Ms <= (options.adapt?.targetMs ?? 0),
    );
    return {
      visitors: options.visitors,
      early,
      capacity: lot!.capacity,
      purchases: lot!.sold,
      seconds: Math.round(seconds),
      steps: timer.summary(),
      outcomes,
      admitRate: {
        startPerMinute: options.ratePerMinute,
        finalPerMinute: rate,
        withinTargetPerMinute: good.length ? Math.max(...good.map((w) => w.ratePerMinute)) : null,
        targetMs: options.adapt?.targetMs ?? null,
        windows,
      },
      journeysDelayed: journeys.delayed,
      nginxErrors: nginxErrors.length,
      heldAfterFailedHold: { holds: visit.failedHolds.length, unitsStillHeld: kept!.units },
      memoryPerProcess,
      order,
      invariants,
    };
  } catch (error) {
    for (const server of servers) console.error(server.output().slice(-3000));
    throw error;
  } finally {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await db.drop();
  }
}
