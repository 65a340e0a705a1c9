/**
 * How long to wait before attempt `attempt + 1` after `attempt` failed: exponential from
 * `baseMs` (doubling each time), capped at `capMs`, with "equal jitter" (half fixed, half
 * random) so processes that failed together against one mail server do not retry together, yet a
 * retry never comes sooner than half the step.
 */
export function retryDelayMs(
  attempt: number,
  options: { baseMs: number; capMs: number; random?: () => number },
): number {
  const random = options.random ?? Math.random;
  const exponent = Math.min(Math.max(attempt, 1) - 1, 40);
  const step = Math.min(options.capMs, options.baseMs * 2 ** exponent);
  return Math.round(step / 2 + random() * (step / 2));
}
