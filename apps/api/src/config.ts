import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = z.url({ message: 'must be an absolute URL (http:// or https://)' });

const port = z.coerce
  .number({ message: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

/**
 * Every setting the server reads from the environment, with the local default that lets
 * `npm start` run on a fresh machine. README.md and .env.example list the same names.
 */
export const ZConfigSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// connection URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    MAINTENANCE: flag.default(false),
    DEMO_DATA: flag.default(true),
    /** How long a cart holds its tickets (the spec leaves it unshown; 15 minutes is the norm). */
    CART_HOLD_SECONDS: z.coerce.number().int().min(5).max(7200).default(900),
    /**
     * Issue 19: events with a queue (the catalogue's `queue`) send buyers through the waiting room.
     * false turns every queue off (the journeys that do not test it; an emergency switch).
     */
    WAITING_ROOM: flag.default(true),
    /** How long an admitted visitor's pass lets them add tickets (the cart then holds them). */
    QUEUE_PASS_SECONDS: z.coerce.number().int().min(30).max(7200).default(600),
    /** TEST ONLY: each process paces admissions by its own clock (the multi-process negative control). */
    TEST_UNSAFE_QUEUE_LOCAL_RATE: flag.default(false),
    /** How many times a buyer may renew the cart timer. */
    CART_MAX_RENEWALS: z.coerce.number().int().min(0).max(20).default(3),
    /**
     * Issue 19: units one account may hold at once across all its carts (and the carts its
     * pending orders pay for). An event's own per-cart limit still applies to each cart.
     */
    HOLD_MAX_UNITS_PER_ACCOUNT: z.coerce.number().int().min(1).max(500).default(20),
    /**
     * Issue 19: the anonymous-hold throttle (per IP and per cart session) and its captcha. Tests
     * and journeys, which buy many times from 127.0.0.1, turn it off unless they test it.
     */
    HOLD_THROTTLE: flag.default(true),
    /** Anonymous holds a minute from one IP or one cart session before the captcha is asked. */
    HOLD_CAPTCHA_AFTER: z.coerce.number().int().min(1).max(1000).default(6),
    /** Anonymous holds a minute from one IP, captcha or not; past it, a 429. */
    HOLD_IP_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /** TEST ONLY: the account cap counts without locking the account (the concurrency test's negative control). */
    TEST_UNSAFE_HOLD_CAPS: flag.default(false),
    /** How often the sweeper gives expired holds back for good. */
    CART_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * A public deployment (PUBLIC_URL not localhost) refuses to start with the local mail or SMS
     * outbox unless this says so; even then /_dev (which shows password-reset links) is never
     * served off localhost.
     */
    ALLOW_LOCAL_OUTBOX: flag.default(false),
    /**
     * The local captcha is a box any script can tick (a development captcha) and 'off' is none: a
     * public deployment refuses both unless this says so.
     */
    ALLOW_DEV_CAPTCHA: flag.default(false),
    /** TEST ONLY: turns the cart's concurrency protection off, for the negative control. */
    TEST_UNSAFE_CART_STOCK: flag.default(false),
    /** TEST ONLY: biometry verdicts written without their status guard (the concurrent-capture test's negative control). */
    TEST_UNSAFE_BIOMETRY_MOVES: flag.default(false),
    /** TEST ONLY: no error listener on checked-out PostgreSQL clients (the connection-loss suite's negative control). */
    TEST_UNSAFE_NO_PG_ERROR_LISTENER: flag.default(false),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    PUBLIC_URL: url.optional(),
    API_BASE_URL: z.string().default(''),
    API_V1_BASE_URL: z.string().default(''),
    CHECKOUT_BASE_URL: z.string().default(''),
    BRAND_NAME: z.string().min(1).default('Bilheto'),
    COMPANY_LEGAL_NAME: z.string().min(1).default('Bilheto Tecnologia em Ingressos Ltda.'),
    COMPANY_TAX_ID: z
      .string()
      .regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, 'must be a CNPJ formatted as 00.000.000/0000-00')
      .default('12.345.678/0001-95'),
    COMPANY_ADDRESS: z
      .string()
      .min(1)
      .default('Av. Paulista, 1000, 10º andar, Bela Vista, São Paulo - SP, 01310-100'),
    SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('suporte@bilheto.com.br'),
    DPO_EMAIL: z.email({ message: 'must be an e-mail address' }).default('privacidade@bilheto.com.br'),
    HELP_CENTER_URL: url.default('https://ajuda.bilheto.com.br'),
    PRODUCER_FORM_URL: url.default('https://produtores.bilheto.com.br/cadastre-seu-evento'),
    ETHICS_CHANNEL_URL: url.default('https://canaldeetica.bilheto.com.br'),
    WHATSAPP_URL: url.default('https://wa.me/5511999999999'),
    APP_STORE_URL: url.default('https://apps.apple.com/br/app/bilheto/id0000000000'),
    PLAY_STORE_URL: url.default('https://play.google.com/store/apps/details?id=br.com.bilheto'),
    INSTAGRAM_URL: url.default('https://www.instagram.com/bilheto'),
    FACEBOOK_URL: url.default('https://www.facebook.com/bilheto'),
    TIKTOK_URL: url.default('https://www.tiktok.com/@bilheto'),
    YOUTUBE_URL: url.default('https://www.youtube.com/@bilheto'),
    LINKEDIN_URL: url.default('https://www.linkedin.com/company/bilheto'),

    // Accounts
    SESSION_TTL_DAYS: z.coerce
      .number({ message: 'must be a whole number of days' })
      .int()
      .min(1)
      .max(90)
      .default(7),
    /** Signs e-mail links and local captcha answers; generated and kept in the database when unset. */
    LINK_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    /**
     * commerce §6: the token the commissioner landing-page calls carry (getticketeventlist,
     * getCommissionerEventTicketsBySlug). Unset: those calls accept any token (local use).
     */
    COMMISSIONER_LANDING_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
    /** How long a commissioner's signed sales link works, in days. */
    COMMISSIONER_SALES_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    /** How many reverse proxies in front set X-Forwarded-For; 0 trusts none (the socket address counts). */
    TRUST_PROXY_HOPS: z.coerce.number({ message: 'must be a whole number' }).int().min(0).max(5).default(0),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Bilheto <nao-responda@bilheto.com.br>'),
    SMS_PROVIDER: z.enum(['local', 'twilio'], { message: 'must be local or twilio' }).default('local'),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    CAPTCHA_PROVIDER: z
      .enum(['local', 'off', 'turnstile', 'hcaptcha', 'recaptcha'], {
        message: 'must be local, off, turnstile, hcaptcha or recaptcha',
      })
      .default('local'),
    CAPTCHA_SITE_KEY: z.string().optional(),
    CAPTCHA_SECRET_KEY: z.string().optional(),
    POSTAL_CODE_PROVIDER: z
      .enum(['local', 'viacep'], { message: 'must be local or viacep' })
      .default('local'),
    VIACEP_URL: url.default('https://viacep.com.br/ws'),
    /**
     * The gateway of events whose catalogue entry names none: the local sandbox (test cards,
     * simulated Pix; only configured when it is the default) or a provider whose variables are set.
     * Every provider whose variables are set is configured too, for the events that name it.
     */
    PAYMENT_GATEWAY: z
      .enum(['sandbox', 'mercadopago', 'stripe', 'pagbank', 'yuno', 'malga'], {
        message: 'must be sandbox, mercadopago, stripe, pagbank, yuno or malga',
      })
      .default('sandbox'),
    MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
    MERCADOPAGO_PUBLIC_KEY: z.string().optional(),
    /** The secret of the webhook's x-signature (Your integrations > Webhooks); required with mercadopago. */
    MERCADOPAGO_WEBHOOK_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
    /** Mercado Pago's API base; tests point it at a local stand-in. */
    MERCADOPAGO_API_BASE: url.default('https://api.mercadopago.com'),
    /**
     * PagBank (PagSeguro): the account's token (Bearer of the Orders API, and the key of the
     * notices' x-authenticity-token) and its public key (POST /public-keys, type card), which the
     * browser SDK encrypts cards with.
     */
    PAGBANK_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
    PAGBANK_PUBLIC_KEY: z.string().min(40, 'must be the base64 public key').optional(),
    /** PagBank's API base (https://sandbox.api.pagseguro.com in its sandbox); tests point it at a local stand-in. */
    PAGBANK_API_BASE: url.default('https://api.pagseguro.com'),
    /**
     * Malga (commerce §9 gateway 3, Multiadquirente): X-Client-Id and the secret X-Api-Key, a client
     * token (POST /v1/auth, scope tokens) for the browser's hosted fields, the merchant that charges,
     * and the Ed25519 public key (PEM) Malga answered when the webhook was created.
     */
    MALGA_CLIENT_ID: z.string().optional(),
    MALGA_API_KEY: z.string().optional(),
    MALGA_PUBLIC_KEY: z.string().optional(),
    MALGA_MERCHANT_ID: z.string().optional(),
    MALGA_WEBHOOK_PUBLIC_KEY: z
      .string()
      .regex(/BEGIN PUBLIC KEY/, 'must be the PEM public key Malga answered when the webhook was created')
      .optional(),
    /** Malga's sandbox: the payment page frames its hosted fields' sandbox origin. */
    MALGA_SANDBOX: flag.default(false),
    /** Malga's API base (https://sandbox-api.malga.io for the sandbox); tests point it at a local stand-in. */
    MALGA_API_BASE: url.default('https://api.malga.io'),
    /** What the buyer's card statement shows for a Malga charge. */
    MALGA_STATEMENT_DESCRIPTOR: z.string().min(1).max(22).default('Bilheto'),
    // Stripe (events of gateway 7): the secret key (server calls), the publishable key (Stripe.js's
    // Payment Element in the browser) and the webhook endpoint's signing secret.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')
      .optional(),
    /** The signing secret of the webhook endpoint (Developers > Webhooks), whsec_…; required with stripe. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w{8,}$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
    /** Stripe's API base; tests point it at a local stand-in. */
    STRIPE_API_BASE: url.default('https://api.stripe.com'),
    /**
     * Yuno (a payment orchestrator; events of catalogue code 8): the account's public-api-key
     * (also the browser SDK's key), private-secret-key and account_id (Developers > Credentials),
     * and the secret of the webhook's x-hmac-signature (Webhooks > Use HMAC signing).
     */
    YUNO_PUBLIC_API_KEY: z.string().optional(),
    YUNO_PRIVATE_SECRET_KEY: z.string().optional(),
    YUNO_ACCOUNT_ID: z.string().optional(),
    YUNO_WEBHOOK_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
    /** Yuno's API base (sandbox: https://api-sandbox.y.uno); tests point it at a local stand-in. */
    YUNO_API_BASE: url.default('https://api.y.uno'),
    /** Pix receiver of the sandbox BR Code (a Pix key), its name and city. */
    PIX_KEY: z.string().min(3).default('pagamentos@bilheto.com.br'),
    PIX_MERCHANT_NAME: z.string().min(1).default('Bilheto'),
    PIX_MERCHANT_CITY: z.string().min(1).default('Sao Paulo'),
    /** How long a Pix charge may be paid; the cart's holds are kept until then. */
    PIX_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
    /** Sandbox only: an in-process test card charge is approved this long after it was made. */
    SANDBOX_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(15),
    /** How often each process settles pending payments with the gateway and expires lapsed Pix. */
    PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
    /**
     * How long an order may wait for its charge's answer before the reconciler asks the gateway
     * about it by our reference (a charge cut by a timeout, a crash or a lost connection).
     */
    PAYMENT_RECONCILE_GRACE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /**
     * Ways to pay, multi-payment: how long a split across several cards keeps its units while the
     * buyer pays its cards; past it the reconciler gives the split up (approved cards refunded).
     */
    MULTI_PAYMENT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1_200),
    /** How long a call to the payment gateway may take before its outcome counts as unknown. */
    PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** TEST ONLY: no payment reconciler in this process (the fault suite's negative control). */
    TEST_RECONCILER_OFF: flag.default(false),
    /** TEST ONLY: the process kills itself (SIGKILL) when a checkout reaches this step. */
    TEST_CRASH_AT: z.enum(['after_reserve', 'after_charge', 'during_issue', 'after_issue']).optional(),
    /** How often each process looks for e-mail and SMS due in the outbox (requests also wake it at once). */
    OUTBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    /** How long a worker owns a message it is sending; past it, another process may send it. */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    /** The first retry's delay (then doubling, with jitter, up to OUTBOX_RETRY_CAP_SECONDS). */
    OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    OUTBOX_RETRY_CAP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    /** Attempts before a message is given up ('dead', with a warning in the log). */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
    /** TEST ONLY: the process kills itself (SIGKILL) when the outbox reaches this step. */
    TEST_OUTBOX_CRASH_AT: z.enum(['before_send', 'after_send']).optional(),
    /** Monthly card interest (basis points) for installments of lots without noInterest. */
    CARD_INTEREST_BP: z.coerce.number().int().min(0).max(2000).default(299),
    // Facial biometry (accounts §4, docs/biometry.md)
    /** The face provider: local (this server checks faces, descriptors in our database) or rekognition. */
    BIOMETRY_PROVIDER: z
      .enum(['local', 'rekognition'], { message: 'must be local or rekognition' })
      .default('local'),
    /** BIOMETRY_PROVIDER=rekognition: the AWS region and the face collection (made on first use). */
    REKOGNITION_REGION: z.string().min(1).optional(),
    REKOGNITION_COLLECTION_ID: z
      .string()
      .regex(/^[a-zA-Z0-9_.-]{1,255}$/, 'must be 1 to 255 letters, digits, _ . or -')
      .default('bilheto-faces'),
    /** Another endpoint than AWS's regional one (a VPC endpoint; tests point it at a stand-in). */
    REKOGNITION_ENDPOINT: url.optional(),
    /** Static keys; unset, the AWS SDK's default chain answers (AWS_* variables, instance role). */
    REKOGNITION_ACCESS_KEY_ID: z.string().min(1).optional(),
    REKOGNITION_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** AES-256-GCM key of the stored face descriptors (base64, 32 bytes); generated and kept in the database when unset. */
    BIOMETRY_ENCRYPTION_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
      .optional(),
    /** The spec's global flags: facial biometry offered, required on login, required on register (on in preview, off in production). */
    BIOMETRY_FACIAL_GLOBAL: flag.default(false),
    BIOMETRY_REQUIRED_ON_LOGIN: flag.default(false),
    BIOMETRY_REQUIRED_ON_REGISTER: flag.default(false),
    /** Hours in which a MANUAL_VERIFICATION enrolment gets its answer (the card's "return within"). */
    BIOMETRY_MANUAL_REVIEW_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** Refused captures (no face, two faces, challenge or liveness failed) before the enrolment is BLOCKED. */
    BIOMETRY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
    /** Lifetime of an enrolment token (the QR code for the phone); it also works only once. */
    BIOMETRY_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** Hours a MANUAL_VERIFICATION capture's best frame is kept (sealed) for the reviewer; 0 keeps no image. */
    BIOMETRY_IMAGE_RETENTION_HOURS: z.coerce.number().int().min(0).max(720).default(0),
    // Remote switches (accounts §7, issue 17): the database's site_flags table, these as first defaults
    /** How old the switches a process (and a browser) uses may be, in milliseconds (the spec's 120000). */
    SITE_FLAGS_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    /** Issue 18: memory each process may use for the shared pages of visitors not logged in (0: none kept). */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(16),
    /** Issue 18: how often malloc's free pages go back to the system (malloc-trim.ts); 0: never. */
    MALLOC_TRIM_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    /** The support chat widget and the customer-relations form embed: off unless switched on. */
    CHAT_WIDGET_ENABLED: flag.default(false),
    CRM_FORM_ENABLED: flag.default(false),
    /** Their providers' scripts (loaded, and allowed by the CSP, only while the switch is on). */
    CHAT_WIDGET_SCRIPT_URL: url.optional(),
    CRM_FORM_SCRIPT_URL: url.optional(),
    /** The token of PUT /api/admin/site-flags (header X-Admin-Token); unset, the call is refused. */
    ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    // Tracking (commerce §7, issue 17)
    /** local: pixel events are recorded (hashed) and shown at /_dev/pixel; meta: the Conversions API. */
    TRACKING_PROVIDER: z.enum(['local', 'meta'], { message: 'must be local or meta' }).default('local'),
    /** The site's pixel and its Conversions API access token. */
    META_PIXEL_ID: z
      .string()
      .regex(/^\d{5,20}$/, 'must be the pixel id (digits)')
      .optional(),
    META_ACCESS_TOKEN: z.string().min(10).optional(),
    /** Pixels of particular events, JSON: {"<event id>": {"pixelId": "…", "accessToken": "…"}}. */
    META_PIXELS_BY_EVENT: z
      .string()
      .transform((text, ctx) => {
        try {
          const value = z
            .record(
              z.string().regex(/^\d+$/),
              z.object({ pixelId: z.string().regex(/^\d{5,20}$/), accessToken: z.string().min(10) }),
            )
            .parse(JSON.parse(text));
          return value;
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: 'must be JSON {"<event id>": {"pixelId", "accessToken"}}',
          });
          return z.NEVER;
        }
      })
      .optional(),
    /** The Graph API base (version included); tests point it at a stand-in. */
    META_GRAPH_URL: url.default('https://graph.facebook.com/v21.0'),
    /** Events Manager's test code: events show under "Test events" and are not counted. */
    META_TEST_EVENT_CODE: z.string().min(1).optional(),
    /** PKCS#8 PEM of the Ed25519 key that signs ticket QR codes; generated and kept in the database when unset. */
    TICKET_SIGNING_KEY: z.string().min(40).optional(),
  })
  .superRefine((c, ctx) => {
    // A provider without its keys would fail on the first request: refuse to start instead.
    const need = (when: boolean, names: (keyof typeof c)[], what: string) => {
      for (const name of names) {
        if (when && !c[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${what}` });
      }
    };
    // A payment gateway is configured by all of its variables: the default one must be, and
    // half of one (a key without its webhook secret) is refused rather than failing at the first sale.
    const GATEWAY_VARIABLES: Record<Exclude<typeof c.PAYMENT_GATEWAY, 'sandbox'>, (keyof typeof c)[]> = {
      mercadopago: ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET'],
      stripe: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
      pagbank: ['PAGBANK_TOKEN', 'PAGBANK_PUBLIC_KEY'],
      yuno: ['YUNO_PUBLIC_API_KEY', 'YUNO_PRIVATE_SECRET_KEY', 'YUNO_ACCOUNT_ID', 'YUNO_WEBHOOK_SECRET'],
      malga: [
        'MALGA_CLIENT_ID',
        'MALGA_API_KEY',
        'MALGA_PUBLIC_KEY',
        'MALGA_MERCHANT_ID',
        'MALGA_WEBHOOK_PUBLIC_KEY',
      ],
    };
    for (const [gateway, names] of Object.entries(GATEWAY_VARIABLES)) {
      const isDefault = c.PAYMENT_GATEWAY === gateway;
      const some = names.some((name) => c[name]);
      need(
        isDefault || some,
        names,
        isDefault ? `PAYMENT_GATEWAY=${gateway}` : `another ${gateway} variable is set`,
      );
    }
    need(
      c.SMS_PROVIDER === 'twilio',
      ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
      'SMS_PROVIDER=twilio',
    );
    need(c.BIOMETRY_PROVIDER === 'rekognition', ['REKOGNITION_REGION'], 'BIOMETRY_PROVIDER=rekognition');
    need(
      Boolean(c.REKOGNITION_ACCESS_KEY_ID || c.REKOGNITION_SECRET_ACCESS_KEY),
      ['REKOGNITION_ACCESS_KEY_ID', 'REKOGNITION_SECRET_ACCESS_KEY'],
      'the other Rekognition key is set',
    );
    need(c.TRACKING_PROVIDER === 'meta', ['META_PIXEL_ID', 'META_ACCESS_TOKEN'], 'TRACKING_PROVIDER=meta');
    const real = !['local', 'off'].includes(c.CAPTCHA_PROVIDER);
    need(real, ['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET_KEY'], `CAPTCHA_PROVIDER=${c.CAPTCHA_PROVIDER}`);
  });

type RawConfig = z.infer<typeof ZConfigSchema>;

export type TConfig = RawConfig & {
  /** Absolute data directory. */
  dataDir: string;
  /** The base URL pages link to; falls back to localhost and the port. */
  publicUrl: string;
  /** Cookies get Secure everywhere but plain-http localhost development. */
  secureCookies: boolean;
  /** PUBLIC_URL is this machine (localhost, 127.0.0.1, [::1]): development and tests. */
  localDeployment: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  // An empty variable means "use the default", as in most twelve-factor apps.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZConfigSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = present[name];
    const shown =
      got === undefined ? '' : ` (got ${JSON.stringify(got.length > 60 ? `${got.slice(0, 60)}…` : got)})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const raw = parsed.data;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  const localDeployment = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(publicUrl);
  // Anyone could read password-reset links from a local outbox on a public site.
  if (!localDeployment && !raw.ALLOW_LOCAL_OUTBOX) {
    const local = !raw.SMTP_URL ? 'SMTP_URL' : raw.SMS_PROVIDER === 'local' ? 'SMS_PROVIDER' : null;
    if (local)
      throw new ConfigError(
        `Invalid configuration: ${local} must name a real ${local === 'SMTP_URL' ? 'mail server' : 'SMS provider'} when PUBLIC_URL is not localhost (or set ALLOW_LOCAL_OUTBOX=true)`,
      );
  }
  if (!localDeployment && !raw.ALLOW_DEV_CAPTCHA && ['local', 'off'].includes(raw.CAPTCHA_PROVIDER))
    throw new ConfigError(
      `Invalid configuration: CAPTCHA_PROVIDER must be a real captcha when PUBLIC_URL is not localhost (got "${raw.CAPTCHA_PROVIDER}"; or set ALLOW_DEV_CAPTCHA=true)`,
    );
  return {
    ...raw,
    dataDir: path.resolve(raw.DATA_DIR),
    publicUrl,
    secureCookies: !/^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(publicUrl),
    localDeployment,
  };
}
