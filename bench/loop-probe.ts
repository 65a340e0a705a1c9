/**
 * Loaded into a server under a benchmark (`NODE_OPTIONS=--import ./bench/loop-probe.ts`): once a second,
 * writes to stderr how late the event loop ran (max and p99 of a 5 ms timer's delay) and the garbage
 * collector's pauses, so a benchmark can tell a busy loop or GC pauses from waits elsewhere.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let gcCount = 0;
let gcTotal = 0;
let gcMax = 0;
/** The longest pause's kind: a scavenge of the young generation, or a full mark-compact. */
let gcMaxKind = '';
const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcCount += 1;
    gcTotal += entry.duration;
    if (entry.duration > gcMax) {
      gcMax = entry.duration;
      gcMaxKind = KINDS[(entry as PerformanceEntry & { detail: { kind: number } }).detail.kind] ?? 'other';
    }
  }
}).observe({ entryTypes: ['gc'] });
setInterval(() => {
  process.stderr.write(
    `${JSON.stringify({ loopProbe: { delayMaxMs: delay.max / 1e6, delayP99Ms: delay.percentile(99) / 1e6, gcCount, gcTotalMs: gcTotal, gcMaxMs: gcMax, gcMaxKind } })}\n`,
  );
  delay.reset();
  gcCount = 0;
  gcTotal = 0;
  gcMax = 0;
  gcMaxKind = '';
}, 1000).unref();
