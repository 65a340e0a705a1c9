import { Hono } from 'hono';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TLogger } from '../logger.ts';
import type { TAccountServices } from '../modules/accounts/services.ts';
import type { TBiometryServices } from '../modules/biometry/services.ts';
import type { TCheckoutServices } from '../modules/checkout/services.ts';
import type { TOutbox } from '../modules/outbox/outbox-worker.ts';
import type { TSiteFlagsStore } from '../modules/site-flags/site-flags.ts';
import { authenticateStaff, type TStaffEnv } from './middleware/staff-auth.ts';
import { staffAccountRoutes } from './routes/staff-accounts.ts';
import { staffGateRoutes } from './routes/staff-gate.ts';
import { staffProducerRoutes } from './routes/staff-producer.ts';
import { staffRefundRoutes } from './routes/staff-refunds.ts';
import { staffSupportRoutes } from './routes/staff-support.ts';

/** What the staff calls may use: the services app.ts builds once. */
export type TStaffDeps = {
  config: TConfig;
  database: TDatabase;
  log: TLogger;
  outbox: TOutbox;
  accounts: TAccountServices;
  checkout: TCheckoutServices;
  biometry: TBiometryServices;
  flags: TSiteFlagsStore;
};

/**
 * Issue 33: every staff call, under /api/staff (mounted by app.ts). The staff session is read
 * here for all of them; each route checks its roles with requireStaff (middleware/staff-auth.ts).
 * Each part of the console mounts its routes below.
 */
export function staffApp(deps: TStaffDeps) {
  const app = new Hono<TStaffEnv>();
  app.use('*', authenticateStaff(deps.database.db, deps.config.secureCookies));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.route('/', staffAccountRoutes(deps));
  app.route('/', staffSupportRoutes(deps));
  app.route('/', staffRefundRoutes(deps));
  app.route('/', staffProducerRoutes(deps));
  app.route('/', staffGateRoutes(deps));
  return app;
}
