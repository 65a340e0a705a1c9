import { readFileSync } from 'node:fs';

/** A process's resident memory now and at its peak, from Linux's /proc (MB). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** The value below which `share` (0..1) of the sorted `values` fall. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

export type TStepSummary = {
  count: number;
  /** Completed calls per second over the step's own span (its first start to its last end). */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not the step's success, by status (0: the connection failed). */
  failures: Record<string, number>;
};

export type TCallAnswer = { ok: boolean; status: number; text: string; json: Record<string, unknown> | null };

/**
 * Times HTTP calls by step (queue page, hold, payment…): each call from its start to its body's
 * last byte. Answers every call's result; never throws.
 */
export class StepTimer {
  private readonly samples = new Map<string, { start: number; end: number }[]>();
  private readonly failures = new Map<string, Record<string, number>>();

  async call(
    step: string,
    url: string,
    init: RequestInit,
    success: (answer: TCallAnswer) => boolean = (answer) => answer.status >= 200 && answer.status < 400,
  ): Promise<TCallAnswer> {
    const start = performance.now();
    let answer: TCallAnswer;
    try {
      const response = await fetch(url, { redirect: 'manual', ...init });
      const text = await response.text();
      let json: Record<string, unknown> | null = null;
      if (response.headers.get('content-type')?.includes('json')) {
        try {
          json = JSON.parse(text);
        } catch {
          // an HTML error page
        }
      }
      answer = { ok: false, status: response.status, text, json };
    } catch {
      answer = { ok: false, status: 0, text: '', json: null };
    }
    answer.ok = success(answer);
    if (answer.ok) {
      const list = this.samples.get(step) ?? [];
      list.push({ start, end: performance.now() });
      this.samples.set(step, list);
    } else {
      const counts = this.failures.get(step) ?? {};
      const key = `${answer.status}${answer.json?.code ? ` ${answer.json.code}` : ''}`;
      counts[key] = (counts[key] ?? 0) + 1;
      this.failures.set(step, counts);
    }
    return answer;
  }

  /** The durations (ms) of `step`'s successful calls that ended in [from, to) (performance.now()). */
  durationsBetween(step: string, from: number, to: number): number[] {
    return (this.samples.get(step) ?? [])
      .filter((s) => s.end >= from && s.end < to)
      .map((s) => s.end - s.start)
      .sort((a, b) => a - b);
  }

  summary(): Record<string, TStepSummary> {
    const steps = new Set([...this.samples.keys(), ...this.failures.keys()]);
    return Object.fromEntries(
      [...steps].map((step) => {
        const list = this.samples.get(step) ?? [];
        const durations = list.map((s) => s.end - s.start).sort((a, b) => a - b);
        const span =
          list.reduce((last, s) => Math.max(last, s.end), 0) / 1000 -
          list.reduce((first, s) => Math.min(first, s.start), Number.POSITIVE_INFINITY) / 1000;
        return [
          step,
          {
            count: list.length,
            perSecond: span > 0 ? Number((list.length / span).toFixed(1)) : 0,
            p50Ms: Math.round(percentile(durations, 0.5)),
            p99Ms: Math.round(percentile(durations, 0.99)),
            failures: this.failures.get(step) ?? {},
          },
        ];
      }),
    );
  }
}
