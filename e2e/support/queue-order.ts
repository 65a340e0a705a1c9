import type { TFaultDb } from './purchase-kit.ts';

/** Spearman's rho of two rankings (0..n-1, no ties) given as parallel arrays. */
export function spearman(a: number[], b: number[]): number {
  const n = a.length;
  if (n < 2) return 1;
  let d2 = 0;
  for (let i = 0; i < n; i += 1) d2 += (a[i]! - b[i]!) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

/** Positions 0..n-1 of each value when sorted. */
export function ranks(values: number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((x, y) => x.value - y.value);
  const out = new Array<number>(values.length);
  order.forEach(({ i }, position) => {
    out[i] = position;
  });
  return out;
}

export type TQueueOrder = {
  /** Admitted places that rank behind a place still waiting (must be 0). */
  inversions: number;
  /** Late arrivals admitted while an early arrival still waits (must be 0). */
  lateBeforeEarly: number;
  /** Late arrivals (after the start), arrival (join) order against admission order: 1 is first come, first served. */
  lateArrivalVsAdmissionSpearman: number;
  /** Early arrivals, arrival order against the drawn order: 0 is unrelated. */
  earlyArrivalVsDrawSpearman: number;
  /** Per tenth of the early arrivals (by arrival), the share drawn into the first tenth (0.1 each when uniform). */
  earlyFirstTenthShareByArrivalTenth: number[];
  early: number;
  lateAdmitted: number;
};

/**
 * The waiting room's order after a run, from its table: admission by rank with no inversion, the
 * early arrivals' draw unrelated to their arrival, the later ones admitted first come, first served.
 */
export async function queueOrder(db: TFaultDb, eventId: number): Promise<TQueueOrder> {
  const [exact] = await db.query<{ inversions: number; lateBeforeEarly: number }>(
    `select (select count(*)::int from queue_entries a
              where a.event_id = $1 and a.admitted_at is not null
                and a.rank > (select min(w.rank) from queue_entries w where w.event_id = $1 and w.admitted_at is null)) as inversions,
            (select count(*)::int from queue_entries where event_id = $1 and rank >= 0 and admitted_at is not null
              and exists (select 1 from queue_entries e where e.event_id = $1 and e.rank < 0 and e.admitted_at is null)) as "lateBeforeEarly"`,
    [eventId],
  );
  const entries = await db.query<{ rank: string; admitted_at: number | null }>(
    `select rank, extract(epoch from admitted_at)::float as admitted_at from queue_entries
      where event_id = $1 order by id`,
    [eventId],
  );
  const earlyRows = entries.filter((row) => Number(row.rank) < 0);
  const lateRows = entries.filter((row) => Number(row.rank) >= 0 && row.admitted_at !== null);
  const earlyDrawn = ranks(earlyRows.map((row) => Number(row.rank)));
  const tenth = Math.floor(earlyRows.length / 10);
  const share = Array.from({ length: tenth > 0 ? 10 : 0 }, (_, d) => {
    const group = earlyDrawn.slice(d * tenth, (d + 1) * tenth);
    return Number((group.filter((r) => r < tenth).length / group.length).toFixed(3));
  });
  // Admission order: the tick's time, then the rank within one tick.
  const lateAdmission = ranks(lateRows.map((row) => row.admitted_at! * 1e7 + Number(row.rank) / 1e9));
  const arrival = (rows: unknown[]) => rows.map((_, i) => i);
  return {
    ...exact!,
    lateArrivalVsAdmissionSpearman: Number(spearman(arrival(lateRows), lateAdmission).toFixed(4)),
    earlyArrivalVsDrawSpearman: Number(spearman(arrival(earlyRows), earlyDrawn).toFixed(4)),
    earlyFirstTenthShareByArrivalTenth: share,
    early: earlyRows.length,
    lateAdmitted: lateRows.length,
  };
}
