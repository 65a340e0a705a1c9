import { readdirSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { TFaceEngine } from '../adapters/biometry/face-provider.ts';
import { defaultFaceEngine } from '../adapters/biometry/index.ts';
import { createExchangeRates, type TExchangeRates } from '../adapters/exchange-rate/index.ts';
import { hasTestControls } from '../adapters/payments/index.ts';
import { createTracker } from '../adapters/tracking/index.ts';
import { isConnectionLost } from '../db/connection-errors.ts';
import { createAccountServices } from '../modules/accounts/services.ts';
import { AppError } from '../modules/app-error.ts';
import { createBiometryServices } from '../modules/biometry/services.ts';
import { createAddressShare } from '../modules/cart/address-share.ts';
import { createHoldThrottle } from '../modules/cart/hold-throttle.ts';
import type { TCatalogue } from '../modules/catalogue/catalogue-read-model.ts';
import { createCheckoutServices } from '../modules/checkout/services.ts';
import { withPaymentOffer } from '../modules/checkout/ways-to-pay/payment-offer.ts';
import { createMessageOutbox } from '../modules/outbox/message-outbox.ts';
import { createStaticPages } from '../modules/pages/get-static-page.ts';
import { createJoinThrottle } from '../modules/queue/join-throttle.ts';
import { createSiteFlags } from '../modules/site-flags/site-flags.ts';
import { ticketMailRenderers } from '../modules/tickets/mail-renderers.ts';
import { walletAtStart } from '../modules/wallet/settings.ts';
import { createPageCache } from '../web/page-cache.ts';
import { pageFacts, siteConfig } from '../web/site-config.ts';
import type { TWebHandler } from '../web/ssr.ts';
import { consoleRoutes } from './console-static.ts';
import type { TAppDeps, TAppEnv } from './env.ts';
import { statusOf } from './error-status.ts';
import { errorBody, genericErrorMessage, HttpError, notFoundJson, unavailableMessage } from './errors.ts';
import { hashedAssets } from './hashed-assets.ts';
import { maintenancePage } from './maintenance-page.ts';
import { authenticate, sessionCookieName } from './middleware/authenticate.ts';
import { apiBodyLimit } from './middleware/body-limit.ts';
import { compress } from './middleware/compress.ts';
import { csrfProtection } from './middleware/csrf.ts';
import { requestContext } from './middleware/request-context.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { listOperations } from './openapi/operations.ts';
import { accountRoutes } from './routes/account.ts';
import { addressRoutes } from './routes/addresses.ts';
import { appPaymentRoutes } from './routes/app-payments.ts';
import { authRoutes } from './routes/auth.ts';
import { BIOMETRY_CREATE_PATH, biometryRoutes } from './routes/biometry.ts';
import { biometryReviewRoutes } from './routes/biometry-review.ts';
import { captchaRoutes } from './routes/captcha.ts';
import { cartRoutes } from './routes/cart.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { commissionerRoutes } from './routes/commissioners.ts';
import { devOutboxRoutes } from './routes/dev-outbox.ts';
import { devTrackingRoutes } from './routes/dev-tracking.ts';
import { exchangeRateRoutes } from './routes/exchange-rate.ts';
import { exclusiveAccessRoutes } from './routes/exclusive-access.ts';
import { gatewaySessionRoutes } from './routes/gateway-session.ts';
import { gatewayTestControlRoutes } from './routes/gateway-test-controls.ts';
import { healthRoutes } from './routes/health.ts';
import { hostedCheckoutRoutes } from './routes/hosted-checkout.ts';
import { multiPaymentRoutes } from './routes/multi-payment.ts';
import { openApiRoutes, REFERENCE_PAGE_PATH } from './routes/openapi.ts';
import { pagesRoutes } from './routes/pages.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { paymentGatewayRoutes } from './routes/payment-gateway.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { queueRoutes } from './routes/queue.ts';
import { seoRoutes } from './routes/seo.ts';
import { siteFlagsRoutes } from './routes/site-flags.ts';
import { snapshotRoutes } from './routes/snapshots.ts';
import { GATE_SYNC_PATH } from './routes/staff-gate.ts';
import { POSTER_UPLOAD_PATH } from './routes/staff-producer.ts';
import { trackingRoutes } from './routes/tracking.ts';
import { transferRoutes } from './routes/transfers.ts';
import { visitorRoutes } from './routes/visitor.ts';
import { walletRoutes } from './routes/wallet.ts';
import { staffApp } from './staff-app.ts';

export type TAppOptions = TAppDeps & {
  /** The SSR handler; absent in API-only tests. */
  web?: TWebHandler;
  /** apps/web/build/client: hashed assets and public files. */
  clientDir?: string;
  contentDir: string;
  /** The published catalogue of this process, with its snapshot files. */
  catalogue: TCatalogue;
  /** The local biometry provider's face engine; tests pass a stand-in. Default: the real one, loaded on first use. */
  faceEngine?: () => Promise<TFaceEngine>;
  /** The currency switch's exchange rate (main.ts starts its refresh); default: from the configuration. */
  exchangeRates?: TExchangeRates;
};

/** Prefixes the spec gives to API hosts; all are served here (their base URLs are configurable). */
const API_PREFIXES = ['/api', '/v1', '/checkout'];
const isApiPath = (p: string) => API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
/** Calls whose answers are JSON, errors included: the API and the sandbox gateway's controls. */
const answersJson = (p: string) => isApiPath(p) || p.startsWith('/sandbox-gateway/');

/** The whole HTTP surface of one process: API, static files and server-rendered pages. */
export function createApp(options: TAppOptions) {
  const { config, database, log } = options;
  // The remote switches (issue 17): read from the database at most SITE_FLAGS_REFRESH_MS old.
  const flags = createSiteFlags({ db: database.db, config, log });
  const tracker = createTracker(config, database.db);
  const exchangeRates = options.exchangeRates ?? createExchangeRates(config, log);
  const site = siteConfig(config);
  /** The deployment facts with the switches as this process last read them (the same for every visitor). */
  const siteNow = async () => {
    const { flags: f } = await flags.current();
    return {
      ...site,
      biometry: {
        facialGlobal: f.biometryFacialGlobal,
        requiredOnLogin: f.biometryRequiredOnLogin,
        requiredOnRegister: f.biometryRequiredOnRegister,
        manualReviewHours: f.biometryManualReviewHours,
      },
    };
  };
  const pages = createStaticPages(options.contentDir, pageFacts(site));
  const outbox = createMessageOutbox({ config, database, log, renderers: { ...ticketMailRenderers } });
  const accounts = createAccountServices({ config, database, log, outbox });
  const checkout = createCheckoutServices({ config, database, log, outbox });
  const biometry = createBiometryServices({
    config,
    db: database.db,
    log,
    limits: accounts.limits,
    secret: accounts.secret,
    engine: options.faceEngine ?? defaultFaceEngine,
    flags,
    outbox,
  });
  const app = new Hono<TAppEnv>();

  app.use(requestContext(log));
  // The security headers (CSP and the rest), pages and API each their own (middleware/security-headers.ts).
  app.use(
    securityHeaders({
      config,
      apiOrigins: [site.apiBaseUrl, site.apiV1BaseUrl, site.checkoutBaseUrl].filter(Boolean),
      gateways: checkout.gateways.all,
      flags,
      isApiPath,
      // The API reference is a page a person reads: it gets the pages' policy (its style has the nonce).
      pagePaths: [REFERENCE_PAGE_PATH],
      appViewPath: '/checkout_status',
    }),
  );
  app.use(compress());
  app.use(csrfProtection(config.publicUrl));

  const pageCache = createPageCache({
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
    // A new exchange rate changes every converted price (commerce §1's currency switch).
    version: () => {
      const rate = exchangeRates.current();
      return `${options.catalogue.version()} ${flags.peek().updatedAt?.getTime() ?? 0} ${rate?.date}:${rate?.usdBrl}`;
    },
  });

  if (config.MAINTENANCE) {
    app.get('/healthz', (c) => c.json({ status: 'maintenance' }));
    app.all('*', (c) => {
      c.header('Retry-After', '600');
      c.header('Cache-Control', 'no-store');
      if (isApiPath(c.req.path)) return c.json(errorBody('maintenance', 'Site em manutenção'), 503);
      return c.html(maintenancePage(c.get('locale'), site.brandName), 503);
    });
    return Object.assign(app, { checkout, outbox, biometry, flags, pageCache, exchangeRates });
  }

  app.route('/', consoleRoutes());
  // Issue 18: shared pages of visitors not logged in, answered from memory (web/page-cache.ts).
  if (options.web && config.PAGE_CACHE_MB > 0)
    app.use((c, next) => (isApiPath(c.req.path) ? next() : pageCache.serve(c, next)));
  app.route('/healthz', healthRoutes(database));
  // Page form actions (login, registration, account data…) read small forms: a larger body is
  // refused before it is read, so nobody can make a process hold megabytes (the API limits its own).
  const pageBodies = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) =>
      answersJson(c.req.path)
        ? c.json(errorBody('payload_too_large', 'Requisição muito grande.'), 413)
        : c.text('Requisição muito grande.', 413),
  });
  app.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || isApiPath(c.req.path) ? next() : pageBodies(c, next),
  );
  // The hottest reads, mounted before the generic body limit: they limit their own bodies
  // (request.ts) and read them without materialising a Web stream.
  app.route('/', catalogueRoutes(options.catalogue, database.db));
  // The on-sale path too: its bodies are limited by parseJsonBody as they are read.
  app.route(
    '/api',
    cartRoutes({
      db: database.relaxedDb,
      holdSeconds: config.CART_HOLD_SECONDS,
      maxRenewals: config.CART_MAX_RENEWALS,
      stockMode: config.TEST_UNSAFE_CART_STOCK ? 'unsafeReadThenWrite' : 'conditional',
      secureCookies: config.secureCookies,
      limits: accounts.limits,
      trustProxyHops: config.TRUST_PROXY_HOPS,
      present: (cart) => withPaymentOffer(checkout.gateways, cart),
      sellable: (gateway) => checkout.gateways.forEvent(gateway) !== null,
      authenticate: authenticate(database.db, config),
      maxUnitsPerAccount: config.HOLD_MAX_UNITS_PER_ACCOUNT,
      unsafeHoldCaps: config.TEST_UNSAFE_HOLD_CAPS,
      holdThrottle: config.HOLD_THROTTLE
        ? createHoldThrottle(
            database,
            { captchaAfter: config.HOLD_CAPTCHA_AFTER, ipMaxPerMinute: config.HOLD_IP_MAX_PER_MINUTE },
            accounts.captcha,
          )
        : null,
      addressShare: config.HOLD_THROTTLE
        ? createAddressShare(database, {
            anonymousUnits: config.HOLD_MAX_UNITS_PER_IP_EVENT,
            ceilingUnits: config.HOLD_IP_EVENT_CEILING,
            holdSeconds: config.CART_HOLD_SECONDS,
          })
        : null,
      queueSecret: config.WAITING_ROOM ? accounts.secret : undefined,
    }),
  );

  // API: bodies are small JSON; anything larger is refused before it is read whole.
  for (const prefix of API_PREFIXES) {
    const apiBodies = apiBodyLimit(64 * 1024, (c) =>
      c.json(errorBody('payload_too_large', 'Requisição muito grande.'), 413),
    );
    // A capture's frames are larger: that call sets its own limit (routes/biometry.ts), and so
    // does a producer's poster upload (routes/staff-producer.ts, POSTER_MAX_BYTES) and the gate's
    // sync of up to 5,000 check-ins (routes/staff-gate.ts, GATE_SYNC_MAX_BYTES).
    app.use(`${prefix}/*`, (c, next) =>
      c.req.path === BIOMETRY_CREATE_PATH ||
      c.req.path === POSTER_UPLOAD_PATH ||
      GATE_SYNC_PATH.test(c.req.path)
        ? next()
        : apiBodies(c, next),
    );
    app.use(`${prefix}/*`, authenticate(database.db, config));
  }
  app.route('/api/pages', pagesRoutes(pages));
  app.route('/api', authRoutes(accounts));
  app.route('/api', visitorRoutes(accounts));
  app.route('/api', passwordResetRoutes(accounts));
  app.route('/api', accountRoutes(accounts));
  app.route('/api', privacyRoutes(accounts, biometry));
  app.route('/api', siteFlagsRoutes({ flags, config, limits: accounts.limits, log }));
  app.route('/api', exchangeRateRoutes(exchangeRates));
  app.route('/api', trackingRoutes({ db: database.db, config, log, tracker }, accounts.limits));
  app.route('/', biometryRoutes(biometry));
  app.route('/api', biometryReviewRoutes(biometry));
  app.route('/api/staff', staffApp({ config, database, log, outbox, accounts, checkout, biometry, flags }));
  app.route('/', transferRoutes(accounts, checkout));
  app.route('/', walletRoutes(accounts, walletAtStart(config, log)));
  app.route('/api', addressRoutes(accounts.postalCodes));
  app.route('/api/captcha', captchaRoutes(accounts));
  app.route(
    '/api',
    exclusiveAccessRoutes({
      db: database.db,
      limits: accounts.limits,
      trustProxyHops: config.TRUST_PROXY_HOPS,
      secureCookies: config.secureCookies,
    }),
  );
  app.route(
    '/api',
    queueRoutes({
      db: database.db,
      enabled: config.WAITING_ROOM,
      holdSeconds: config.CART_HOLD_SECONDS,
      passSeconds: config.QUEUE_PASS_SECONDS,
      secureCookies: config.secureCookies,
      secret: accounts.secret,
      joinThrottle: config.QUEUE_JOIN_THROTTLE
        ? createJoinThrottle(
            database,
            {
              captchaAfter: config.QUEUE_CAPTCHA_AFTER,
              perSession: config.QUEUE_JOINS_PER_SESSION,
              ipMax: config.QUEUE_IP_MAX_JOINS,
            },
            accounts.captcha,
          )
        : null,
      trustProxyHops: config.TRUST_PROXY_HOPS,
    }),
  );
  app.route('/', checkoutRoutes(checkout, accounts.limits));
  app.route(
    '/',
    commissionerRoutes({
      checkout,
      catalogue: options.catalogue,
      limits: accounts.limits,
      secret: accounts.secret,
    }),
  );
  // Ways to pay: the mobile app's checkout session and the spec's other payment paths.
  app.route('/', appPaymentRoutes(checkout));
  // Ways to pay (issue 15): hosted checkout, wallet scripts, the sandbox's hosted page (its buyer's
  // only: the session is read for it first).
  app.use('/sandbox-gateway/*', authenticate(database.db, config));
  app.route('/', hostedCheckoutRoutes(checkout));
  // Ways to pay: multi-payment (one order split across several cards).
  app.route('/', multiPaymentRoutes(checkout));
  app.route('/', paymentGatewayRoutes(checkout));
  app.route('/', gatewaySessionRoutes(checkout, accounts.limits));
  app.route(
    '/',
    openApiRoutes(() =>
      buildOpenApiDocument(
        listOperations({
          gateways: checkout.gateways.all,
          testGateway: checkout.gateways.all.some(hasTestControls),
          localMail: config.localDeployment && accounts.outbox.mailer.kind === 'local-outbox',
          localSms: config.localDeployment && accounts.outbox.sms.kind === 'local-outbox',
          localTracking: config.localDeployment && tracker.kind === 'local',
        }),
        {
          title: site.brandName,
          version: '1.0.0',
          publicUrl: config.publicUrl,
          cookieName: sessionCookieName(config.secureCookies),
        },
      ),
    ),
  );
  for (const prefix of API_PREFIXES) app.all(`${prefix}/*`, notFoundJson);
  // The local outboxes show password-reset links: only ever on this machine.
  if (config.localDeployment) app.route('/_dev', devOutboxRoutes(accounts));
  if (config.localDeployment && tracker.kind === 'local') app.route('/_dev', devTrackingRoutes(database.db));
  app.route('/', gatewayTestControlRoutes(checkout));
  // Before the build's /assets/*: snapshots change, hashed assets never do.
  app.route('/', snapshotRoutes(options.catalogue.snapshots));
  app.route(
    '/',
    seoRoutes({
      catalogue: options.catalogue,
      publicUrl: config.publicUrl,
      contentDir: options.contentDir,
      clientDir: options.clientDir,
    }),
  );

  if (options.clientDir) {
    const root = path.relative(process.cwd(), options.clientDir) || '.';
    // Vite names these files by content hash: they never change, so caches may keep them a year.
    app.all('/assets/*', hashedAssets({ root }));
    // The few files beside assets/ (favicon, robots.txt), by name: asking the disk on every page's
    // path cost each page a stat() (issue 18's profile).
    const topFiles = new Set(
      readdirSync(options.clientDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const serveTopFile = serveStatic({
      root,
      onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=3600'),
    });
    app.use('*', (c, next) => (topFiles.has(c.req.path) ? serveTopFile(c, next) : next()));
  }

  if (options.web) {
    const web = options.web;
    app.all('*', async (c) => {
      // A page (GET: no action can end the session midway) reads its visitor's session once.
      const env = c.req.method === 'GET' ? { ...c.env, sessions: new Map() } : c.env;
      // `request` is the visitor's, or the same without its session when a shared page is rendered.
      const apiOf = (requestHeaders: Headers) => (target: string, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        for (const name of ['cookie', 'authorization', 'accept-language', 'user-agent']) {
          const value = requestHeaders.get(name);
          if (value && !headers.has(name)) headers.set(name, value);
        }
        headers.set('x-request-id', c.get('requestId'));
        // The same env bindings: rate limits keep seeing the visitor's socket address.
        return Promise.resolve(app.fetch(new Request(new URL(target, c.req.url), { ...init, headers }), env));
      };
      const facts = await siteNow();
      const render = (nonce: string, request: Request = c.req.raw) =>
        web(request, {
          locale: c.get('locale'),
          currency: c.get('currency'),
          exchangeRate: exchangeRates.current(),
          nonce,
          widgetOrigins: c.get('widgetOrigins') ?? [],
          requestId: c.get('requestId'),
          site: facts,
          secureCookies: config.secureCookies,
          api: apiOf(request.headers),
          commissionerToken: config.COMMISSIONER_LANDING_TOKEN ?? '',
        });
      return config.PAGE_CACHE_MB > 0
        ? pageCache.render(c, render)
        : render(c.get('secureHeadersNonce') ?? '');
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      const status = error instanceof HttpError ? error.status : statusOf(error.code);
      return c.json(errorBody(error.code, error.message, error.issues), status);
    }
    if (isConnectionLost(error)) {
      // The database connection dropped mid-request: this request fails, the process serves on.
      c.get('log')?.warn('database connection lost during a request', { error, path: c.req.path });
      const message = unavailableMessage(c.get('locale'));
      c.header('Retry-After', '2');
      return answersJson(c.req.path) ? c.json(errorBody('unavailable', message), 503) : c.text(message, 503);
    }
    c.get('log')?.error('unhandled error', { error, path: c.req.path });
    const message = genericErrorMessage(c.get('locale'));
    return answersJson(c.req.path) ? c.json(errorBody('internal', message), 500) : c.text(message, 500);
  });

  return Object.assign(app, { checkout, outbox, biometry, flags, pageCache, exchangeRates });
}

export type TApp = ReturnType<typeof createApp>;
