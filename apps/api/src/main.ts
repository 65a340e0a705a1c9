import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { DEFAULT_LOCALE } from '@ingressos/domain';
import { createApplePush } from './adapters/apple-push/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createApp } from './http/app.ts';
import { withQueueStatusFastPath } from './http/queue-fast-path.ts';
import { withSnapshotFastPath } from './http/snapshot-fast-path.ts';
import { createLogger } from './logger.ts';
import { startMallocTrim } from './malloc-trim.ts';
import { purgeExpiredImages } from './modules/biometry/create-biometry.ts';
import { sweepExpiredHolds } from './modules/cart/sweep-expired-holds.ts';
import { createCatalogue } from './modules/catalogue/catalogue-read-model.ts';
import { processSnapshotDir } from './modules/catalogue/snapshot-dir.ts';
import { createSnapshotStore } from './modules/catalogue/snapshot-store.ts';
import { reconcilePayments } from './modules/checkout/reconcile-payments.ts';
import { runRefundWork } from './modules/checkout/refunds/refund-work.ts';
import { unsellableEvents } from './modules/checkout/ways-to-pay/payment-offer.ts';
import { seedDemoData } from './modules/demo/seed-demo-data.ts';
import { admitVisitors } from './modules/queue/admit-visitors.ts';
import { fastQueueStatus } from './modules/queue/queue-view.ts';
import { inviteDemoAdmin } from './modules/staff/invite-demo-admin.ts';
import { pushAppleUpdates } from './modules/wallet/apple-updates.ts';
import { googleObjectsClient, syncGoogleStates } from './modules/wallet/google-objects.ts';
import { walletSettings } from './modules/wallet/settings.ts';
import { loadWebHandler, WebBuildMissingError } from './web/ssr.ts';

/** How long an idle keep-alive connection is kept: as long as common load balancers keep theirs (60 s). */
const KEEP_ALIVE_MS = 65_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const webBuildDir = path.join(repoRoot, 'apps/web/build');

async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, { pid: process.pid });
  const web = await loadWebHandler(webBuildDir);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    onConnectionError: (error) => log.warn('database connection error', { error }),
    unsafeNoClientErrorListener: config.TEST_UNSAFE_NO_PG_ERROR_LISTENER,
  });
  if (!config.MAINTENANCE) {
    await migrateDatabase(database);
    if (config.DEMO_DATA) {
      await seedDemoData(database, log);
      // Issue 33: a first console administrator to invite, only while no staff exist (the outbox's poller mails it).
      await inviteDemoAdmin({ db: database.db, config, log, outbox: { nudge() {} } });
    }
  }
  // Each process keeps its own snapshot files, rebuilt from the database (docs/catalogue-snapshots.md).
  const catalogue = createCatalogue({
    database,
    log,
    snapshots: createSnapshotStore(processSnapshotDir(config.dataDir)),
  });
  if (!config.MAINTENANCE) await catalogue.start();

  const app = createApp({
    config,
    database,
    log,
    web,
    clientDir: path.join(webBuildDir, 'client'),
    contentDir: path.join(repoRoot, 'content/pages'),
    catalogue,
  });
  // An event whose gateway has no credentials here cannot be sold: said once at start, and its
  // carts and payments refuse with 'As vendas deste evento estão indisponíveis no momento.'.
  for (const event of config.MAINTENANCE ? [] : await unsellableEvents(app.checkout))
    log.warn('event not sellable: its payment gateway is not configured', event);
  log.info('payment gateways', {
    default: app.checkout.gateways.default.kind,
    configured: app.checkout.gateways.all.map((gateway) => gateway.kind),
  });
  // Issue 31: only ever on a public address when ALLOW_SANDBOX_GATEWAY=true said so (config.ts).
  if (config.PAYMENT_GATEWAY === 'sandbox' && !config.localDeployment)
    log.warn(
      'PAYMENT_GATEWAY=sandbox on a public address (ALLOW_SANDBOX_GATEWAY=true): its test cards, Pix simulate button and hosted page pay orders and nothing is charged. Never on a site that sells.',
    );
  if (config.BIOMETRY_PROVIDER === 'local' && !config.BIOMETRY_ENCRYPTION_KEY && !config.localDeployment)
    log.warn(
      'BIOMETRY_ENCRYPTION_KEY is unset: the face descriptors key is kept in the database beside them',
    );
  if (config.TEST_UNSAFE_BIOMETRY_MOVES)
    log.warn(
      'TEST_UNSAFE_BIOMETRY_MOVES is on: one face capture may enrol twice. Never use it outside the tests.',
    );
  if (config.TEST_UNSAFE_NO_AMOUNT_CHECK)
    log.error(
      'TEST_UNSAFE_NO_AMOUNT_CHECK is on: a charge of any amount pays an order. Never use it outside the tests.',
    );
  if (config.TEST_UNSAFE_ORDER_MOVES)
    log.error(
      'TEST_UNSAFE_ORDER_MOVES is on: an order or a payment may move from any status (a paid order paid twice). Never use it outside the tests.',
    );
  if (config.TEST_UNSAFE_CART_STOCK) {
    log.warn('TEST_UNSAFE_CART_STOCK is on: carts can oversell. Never use it outside the concurrency tests.');
  }
  // The currency switch's rate: fetched now and every EXCHANGE_RATE_REFRESH_MINUTES, by this process.
  if (!config.MAINTENANCE) app.exchangeRates.start();
  const sweeper = setInterval(() => {
    sweepExpiredHolds(database.db).catch((error: unknown) => log.warn('hold sweep failed', { error }));
  }, config.CART_SWEEP_SECONDS * 1000);
  sweeper.unref();
  // Issue 19: every process admits from the waiting rooms each second; the event's row lock makes
  // that safe (modules/queue/admit-visitors.ts), so a process dying loses no place and no admission.
  let admitting = false;
  const localClocks = config.TEST_UNSAFE_QUEUE_LOCAL_RATE ? new Map<number, number>() : undefined;
  const admitter = setInterval(() => {
    if (admitting || config.MAINTENANCE || !config.WAITING_ROOM) return;
    admitting = true;
    admitVisitors({ db: database.db, holdSeconds: config.CART_HOLD_SECONDS, localClocks })
      .catch((error: unknown) => log.warn('queue admission failed', { error }))
      .finally(() => {
        admitting = false;
      });
  }, 1000);
  admitter.unref();
  if (config.TEST_UNSAFE_QUEUE_LOCAL_RATE)
    log.warn('TEST_UNSAFE_QUEUE_LOCAL_RATE is on: each process admits at the full rate. Tests only.');
  // Pending payments settle (or a Pix expires) even when no buyer is watching (docs/decisions.md).
  let reconciling = false;
  const reconciler = setInterval(() => {
    if (reconciling || config.MAINTENANCE || config.TEST_RECONCILER_OFF) return;
    reconciling = true;
    reconcilePayments(app.checkout)
      .catch((error: unknown) => log.warn('payment reconciliation failed', { error }))
      .finally(() => {
        reconciling = false;
      });
  }, config.PAYMENT_RECONCILE_SECONDS * 1000);
  reconciler.unref();
  // Issue 36: saved Google Wallet objects of tickets transferred or refunded since are set EXPIRED
  // at Google (docs/wallet.md); an idempotent PATCH, so two processes sending one is harmless.
  // Devices registered for an Apple pass of such a ticket get one push each (APNs, adapter).
  const { google: googleWallet, apple: appleWallet } = walletSettings(config);
  if ((googleWallet || appleWallet) && !config.MAINTENANCE) {
    const objects = googleWallet ? googleObjectsClient(googleWallet) : null;
    const applePush = appleWallet ? createApplePush(config, appleWallet) : null;
    let syncing = false;
    const walletSync = setInterval(() => {
      if (syncing) return;
      syncing = true;
      Promise.all([
        googleWallet && objects
          ? syncGoogleStates(database.db, googleWallet, objects).catch((error: unknown) =>
              log.warn('google wallet state sync failed', { error }),
            )
          : null,
        applePush
          ? pushAppleUpdates(database.db, applePush).catch((error: unknown) =>
              log.warn('apple wallet push failed', { error }),
            )
          : null,
      ]).finally(() => {
        syncing = false;
      });
    }, 60_000);
    walletSync.unref();
  }
  // Issue 33: staff refunds due and event cancellation jobs, in every process (claimed rows, leases).
  let refunding = false;
  const refunder = setInterval(() => {
    if (refunding || config.MAINTENANCE || config.TEST_RECONCILER_OFF) return;
    refunding = true;
    runRefundWork(app.checkout, `${hostname()}:${process.pid}`, DEFAULT_LOCALE)
      .catch((error: unknown) => log.warn('staff refund pass failed', { error }))
      .finally(() => {
        refunding = false;
      });
  }, config.PAYMENT_RECONCILE_SECONDS * 1000);
  refunder.unref();
  // Frames kept for a manual review leave when their retention ends, captures or not (docs/biometry.md).
  const imagePurge = setInterval(() => {
    if (config.MAINTENANCE || config.BIOMETRY_IMAGE_RETENTION_HOURS === 0) return;
    purgeExpiredImages(app.biometry).catch((error: unknown) =>
      log.warn('biometry image purge failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }, 600_000);
  imagePurge.unref();
  // E-mail and SMS enqueued by any process (or left by one that died mid-send) go out from here too.
  if (!config.MAINTENANCE) app.outbox.start();
  // Start-up leaves malloc's arenas fragmented: their free pages go back now and every MALLOC_TRIM_SECONDS.
  const stopTrim = await startMallocTrim({ everySeconds: config.MALLOC_TRIM_SECONDS, log });

  const queueRules = {
    db: database.db,
    enabled: config.WAITING_ROOM,
    holdSeconds: config.CART_HOLD_SECONDS,
    passSeconds: config.QUEUE_PASS_SECONDS,
  };
  const server = serve(
    {
      fetch: app.fetch,
      port: config.PORT,
      hostname: config.HOST,
      // Snapshot files skip the app's stack when they exist (http/snapshot-fast-path.ts).
      createServer: ((options: ServerOptions, listener: RequestListener) =>
        createServer(
          options,
          config.MAINTENANCE
            ? listener
            : withSnapshotFastPath(
                catalogue.snapshots,
                // Issue 37: the queue's status polls far from the front skip it too (http/queue-fast-path.ts).
                withQueueStatusFastPath(
                  (slug, sessionId) => fastQueueStatus(queueRules, slug, sessionId),
                  listener,
                  { hsts: config.secureCookies },
                ),
                { hsts: config.secureCookies },
              ),
        )) as typeof createServer,
    },
    (info) => {
      log.info('listening', {
        url: config.publicUrl,
        port: info.port,
        database: database.kind,
        maintenance: config.MAINTENANCE,
      });
    },
  );
  // An idle keep-alive socket stays open longer than most clients keep theirs (Node's own agent 5 s,
  // nginx 4 s by deploy/), so the client is the one that closes it: with Node's default (5 s) a
  // request sent on a socket the server was closing at that moment was reset (ECONNRESET).
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on('error', (error) => {
    log.error('server error', { error });
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    // Requests in flight finish; idle keep-alive sockets close now; a stuck one cannot hold us.
    setTimeout(() => process.exit(1), 10_000).unref();
    void catalogue.stop();
    clearInterval(sweeper);
    clearInterval(admitter);
    clearInterval(reconciler);
    clearInterval(refunder);
    clearInterval(imagePurge);
    app.exchangeRates.stop();
    stopTrim();
    const outboxStopped = app.outbox.stop();
    server.close(async () => {
      await outboxStopped;
      await database.close().catch(() => {});
      log.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof WebBuildMissingError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
