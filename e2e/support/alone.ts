import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { RUN_DIR_ENV } from './data-dir.ts';

/** Longer than any holder keeps it: past this a lock is taken as left by a crashed worker. */
const STALE_MS = 5 * 60_000;

/** The lock of the CPU-heavy rushes and of the webcam captures: never the two at once. */
export const CAMERA_OR_RUSH = 'camera-or-rush';

/**
 * Waits until no other journey of the run holds the lock `name` (a directory made atomically in
 * the run's folder, so across the e2e workers), takes it and returns its release. For work that
 * must not overlap other work of its kind on two shared cores: the cart rush's 10,000 requests
 * (e2e/cart-concurrency.pg.e2e.ts) and a webcam capture (e2e/support/capture.ts), whose fake
 * camera plays its clip in real time and, starved of CPU beside a rush, lagged behind the page's
 * wall-clock capture schedule so that every frame missed the approach. Outside a Vitest run (no
 * run folder) there is nothing to wait for.
 */
export async function acquire(name: string): Promise<() => void> {
  const runDir = process.env[RUN_DIR_ENV];
  if (!runDir) return () => {};
  const lock = path.join(runDir, `${name}.lock`);
  const since = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - since > STALE_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return () => rmSync(lock, { recursive: true, force: true });
}

/** Runs `fn` holding the lock `name` (acquire). */
export async function alone<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const release = await acquire(name);
  try {
    return await fn();
  } finally {
    release();
  }
}
