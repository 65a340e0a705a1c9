/**
 * Issue 18: gives the memory malloc keeps free back to the system, through glibc's `malloc_trim`
 * (called with koffi, a foreign-function library shipped prebuilt for each platform).
 *
 * Why: starting the embedded database leaves malloc's arenas fragmented. Long-lived small blocks sit
 * among freed ones, so glibc cannot shrink the arena from its top, and ~50 MB of free pages stay
 * resident for good: a fresh PGlite process held ~75 MB in its main arena, ~20 of it in use.
 * `malloc_trim(0)` returns every free page inside the arenas, not only the top. It runs once at
 * start-up and then every `everySeconds`, on libuv's thread pool, so the event loop never waits.
 * A trim holds each arena's lock for the few milliseconds its walk takes.
 *
 * Where there is no glibc (musl, macOS, Windows) or no koffi binary for the platform, this does nothing.
 */
import type { TLogger } from './logger.ts';

/** glibc's `malloc_trim(pad)`: 1 when some memory was given back, 0 when none could be. */
export type TMallocTrim = (pad: number) => Promise<number>;

/** The C function, or undefined where this platform has none. */
export async function loadMallocTrim(): Promise<TMallocTrim | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const { default: koffi } = await import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return (pad) =>
      new Promise((resolve, reject) => {
        trim.async(pad, (error: unknown, released: number) => (error ? reject(error) : resolve(released)));
      });
  } catch {
    return undefined;
  }
}

const residentMb = () => Math.round(process.memoryUsage.rss() / 2 ** 20);

/**
 * Trims now and then every `everySeconds` (0: never, not even now). Answers a function that stops
 * the timer. Logs what the first trim gave back; the later ones at debug level.
 */
export async function startMallocTrim(options: {
  everySeconds: number;
  log: TLogger;
  load?: () => Promise<TMallocTrim | undefined>;
}): Promise<() => void> {
  if (!options.everySeconds) return () => {};
  const trim = await (options.load ?? loadMallocTrim)();
  if (!trim) {
    options.log.debug('malloc_trim is not available here: freed memory stays with malloc');
    return () => {};
  }
  const run = async (level: 'info' | 'debug') => {
    const before = residentMb();
    try {
      await trim(0);
      options.log[level]('malloc trimmed', { residentMbBefore: before, residentMbAfter: residentMb() });
    } catch (error) {
      options.log.warn('malloc_trim failed', { error });
    }
  };
  await run('info');
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void run('debug').finally(() => {
      running = false;
    });
  }, options.everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
