import { Hono } from 'hono';
import type { TDatabase } from '../../db/client.ts';
import type { TAppEnv } from '../env.ts';

const PING_TIMEOUT_MS = 2_000;

/** GET /healthz: 200 only while the database answers, so a balancer stops sending traffic otherwise. */
export function healthRoutes(database: TDatabase) {
  return new Hono<TAppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([database.ping(), timeout]);
      return c.json({ status: 'ok', database: database.kind });
    } catch (error) {
      c.get('log').warn('health check failed', { error });
      return c.json({ status: 'unavailable', database: database.kind }, 503);
    } finally {
      clearTimeout(timer);
    }
  });
}
