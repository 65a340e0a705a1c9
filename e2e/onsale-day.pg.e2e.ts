import { describe, expect, it } from 'vitest';
import { runOnSaleDay } from './support/onsale-day.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server; needs nginx.

/**
 * Issue 37, the on-sale day of bench/onsale-day.ts made small: up to 800 visitors queue for 60
 * tickets through nginx and two processes (the joins stop at the sell-out), 40 of them before the
 * on-sale time, fewer than the tickets so that later arrivals are admitted too; the
 * admitted log in, hold with their pass, identify, pay by card and open My tickets, while bots try
 * addtocart without a pass. Only the books and the order are asserted, never a time.
 */
describe('an on-sale day through nginx, two processes and the waiting room', () => {
  it('sells the stock exactly, each charge with its tickets and e-mail, in queue order, to nobody who skipped it', async () => {
    const day = await runOnSaleDay({
      visitors: 800,
      purchases: 60,
      earlyShare: 0.05,
      joinUntilSoldOut: true,
      ratePerMinute: 600,
      // Few joins at once and a light background: the late arrivals the sale needs, and the suite's CPU
      // goes to the purchases.
      joinConcurrency: 4,
      backgroundPauseMs: { bots: 2_000, polls: 1_000 },
      maxJourneys: 48,
      deadlineSeconds: 150,
      poolSize: 8,
      log: (line) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`),
    });
    console.log(JSON.stringify({ ...day, admitRate: undefined }));
    expect(day.invariants.violations).toEqual([]);
    // Sold out exactly: every ticket sold, each by one approved charge and one paid order.
    expect(day.invariants.sold).toBe(day.invariants.capacity);
    expect(day.invariants.paidOrders).toBe(day.invariants.capacity);
    expect(day.invariants.approvedCharges).toBe(day.invariants.capacity);
    expect(day.outcomes.bought).toBe(day.invariants.capacity);
    // Admission by rank: every early arrival before any later one, drawn without regard to arrival.
    expect(day.order.inversions).toBe(0);
    expect(day.order.lateBeforeEarly).toBe(0);
    expect(day.order.early).toBe(40);
    expect(day.order.lateAdmitted).toBeGreaterThan(0);
    // 40 drawn places: |rho| past 0.7 is 4.4 standard deviations from a fair draw (one in arrival order is 1).
    expect(Math.abs(day.order.earlyArrivalVsDrawSpearman)).toBeLessThan(0.7);
    // The bots were refused every time.
    expect(day.steps['bot addtocart']!.count).toBeGreaterThan(0);
    expect(day.invariants.botsAccepted).toBe(0);
  }, 180_000);
});
