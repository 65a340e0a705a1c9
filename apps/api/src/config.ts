import path from 'node:path';
import { z } from 'zod';
import { GATEWAY_KINDS, GATEWAY_PLUGINS } from './adapters/payments/plugins.ts';
import { flag, url } from './config-fields.ts';

/** TEST ONLY: the steps of modules/checkout/order/test-pause.ts. */
const PAUSE_POINTS = ['deletion_locked', 'reserve_locked', 'after_reserve'] as const;

/** Every gateway plug-in's own variables (adapters/payments/<kind>/settings.ts), in the registry's order. */
type TGatewaySettings = UnionToIntersection<(typeof GATEWAY_PLUGINS)[number]['settings']>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
const GATEWAY_SETTINGS = Object.assign(
  {},
  ...GATEWAY_PLUGINS.map((plugin) => plugin.settings),
) as TGatewaySettings;

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
    /**
     * Issue 31: joins limited per cart session and per IP, with the site's captcha past a few from
     * one IP. Tests and journeys, which join many times from 127.0.0.1, turn it off unless they test it.
     */
    QUEUE_JOIN_THROTTLE: flag.default(true),
    /** Joins from one IP in 10 minutes before each further one needs the captcha (a solved one opens a fresh window). */
    QUEUE_CAPTCHA_AFTER: z.coerce.number().int().min(1).max(10_000).default(5),
    /** Joins of one cart session in 10 minutes (a reload or a second tab is the same place); past it, a 429. */
    QUEUE_JOINS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(10),
    /** Joins from one IP in 10 minutes, captcha or not: a ceiling hundreds of buyers behind one carrier address stay under. */
    QUEUE_IP_MAX_JOINS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
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
    /**
     * Issue 31: units anonymous holds from one IP may take of one event per hold window (an
     * address's share: a visitor past it logs in, and the account's cap applies instead).
     */
    HOLD_MAX_UNITS_PER_IP_EVENT: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Issue 31: units every hold from one IP may take of one event per hold window: a ceiling hundreds of buyers behind one carrier address stay under. */
    HOLD_IP_EVENT_CEILING: z.coerce.number().int().min(1).max(1_000_000).default(1000),
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
    /**
     * The sandbox gateway pays with a test card, a 'simulate payment' button and its own page:
     * a public deployment refuses it unless this says so (a staging site that sells nothing real).
     */
    ALLOW_SANDBOX_GATEWAY: flag.default(false),
    /** TEST ONLY: turns the cart's concurrency protection off, for the negative control. */
    TEST_UNSAFE_CART_STOCK: flag.default(false),
    /** TEST ONLY: biometry verdicts written without their status guard (the concurrent-capture test's negative control). */
    TEST_UNSAFE_BIOMETRY_MOVES: flag.default(false),
    /** TEST ONLY: no error listener on checked-out PostgreSQL clients (the connection-loss suite's negative control). */
    TEST_UNSAFE_NO_PG_ERROR_LISTENER: flag.default(false),
    /** TEST ONLY: an approved charge settles whatever its amount or currency (the payment-faults suite's negative control). */
    TEST_UNSAFE_NO_AMOUNT_CHECK: flag.default(false),
    /** TEST ONLY: orders and payments move without their allowed-previous-status guard (the payment-faults suite's negative control). */
    TEST_UNSAFE_ORDER_MOVES: flag.default(false),
    /** TEST ONLY: a staff refund retried calls the gateway without reading its refunded total first (the refund-faults suite's negative control). */
    TEST_UNSAFE_REFUND_NO_READBACK: flag.default(false),
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
      .enum(GATEWAY_KINDS, {
        message: `must be ${GATEWAY_KINDS.slice(0, -1).join(', ')} or ${GATEWAY_KINDS.at(-1)}`,
      })
      .default('sandbox'),
    ...GATEWAY_SETTINGS,
    /** How long a Pix charge may be paid; the cart's holds are kept until then. */
    PIX_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
    /** How often each process settles pending payments with the gateway and expires lapsed Pix. */
    PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
    /** Issue 33: the first wait before a failed staff refund is tried again (doubling, up to 15 minutes). */
    REFUND_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    /** Issue 33: how many paid orders an event cancellation job writes refunds for per step. */
    CANCELLATION_BATCH: z.coerce.number().int().min(1).max(1000).default(50),
    /**
     * Issue 33: how long a process owns a claimed refund or an event cancellation step; a process
     * killed meanwhile leaves it to another after this. Never shorter than two gateway timeouts.
     */
    REFUND_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
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
    /** TEST ONLY: a purchase or an account deletion waits <ms> at this step (modules/checkout/order/test-pause.ts). */
    TEST_PAUSE_AT: z
      .string()
      .regex(/^(deletion_locked|reserve_locked|after_reserve):\d{1,6}$/, 'must be <step>:<milliseconds>')
      .transform((v) => {
        const [point, ms] = v.split(':');
        return { point: PAUSE_POINTS.find((p) => p === point)!, ms: Number(ms) };
      })
      .optional(),
    /** TEST ONLY: a purchase reserves without locking its account (the deletion race's negative control). */
    TEST_UNSAFE_ACCOUNT_LOCK: flag.default(false),
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
    // commerce §1's currency switch: where the US dollar's rate in reais comes from
    /** fixed: EXCHANGE_RATE_USD_BRL on EXCHANGE_RATE_DATE (a development rate when unset); bcb-ptax: Banco Central's PTAX. */
    EXCHANGE_RATE_PROVIDER: z
      .enum(['fixed', 'bcb-ptax'], { message: 'must be fixed or bcb-ptax' })
      .default('fixed'),
    /** Reais per US dollar (e.g. 5.3412): the fixed rate, and the real source's until its first answer. */
    EXCHANGE_RATE_USD_BRL: z.coerce.number().positive().max(1000).optional(),
    /** The day that rate is of (YYYY-MM-DD), shown beside converted prices. */
    EXCHANGE_RATE_DATE: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a date YYYY-MM-DD')
      .optional(),
    /** How often each process asks the source again, in minutes. */
    EXCHANGE_RATE_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    /** The PTAX OData service's base; tests point it at a stand-in. */
    BCB_PTAX_URL: url.default('https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata'),
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
    /**
     * The token of the staff calls under /api/admin (the site's switches, the biometry reviews; header
     * X-Admin-Token); unset, they are refused.
     */
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
    /**
     * Issue 36 (docs/wallet.md): Apple Wallet passes. All six set (the passphrase when the key has one)
     * shows 'Adicionar à Apple Wallet'; the PEM settings take a file path or the PEM text itself.
     */
    APPLE_WALLET_PASS_TYPE_ID: z.string().min(1).optional(),
    APPLE_WALLET_TEAM_ID: z.string().min(1).optional(),
    APPLE_WALLET_CERT: z.string().min(1).optional(),
    APPLE_WALLET_KEY: z.string().min(1).optional(),
    APPLE_WALLET_KEY_PASSPHRASE: z.string().min(1).optional(),
    APPLE_WALLET_WWDR_CERT: z.string().min(1).optional(),
    /** Issue 36: Google Wallet's issuer id and the service account's JSON key (a path or the JSON): 'Salvar no Google Wallet'. */
    GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d+$/, 'must be the issuer id (digits)').optional(),
    GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().min(1).optional(),
  })
  .superRefine((c, ctx) => {
    // A provider without its keys would fail on the first request: refuse to start instead.
    const need = (when: boolean, names: readonly (keyof typeof c)[], what: string) => {
      for (const name of names) {
        if (when && !c[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${what}` });
      }
    };
    // A payment gateway is configured by all of its variables: the default one must be, and
    // half of one (a key without its webhook secret) is refused rather than failing at the first sale.
    for (const { kind: gateway, required } of GATEWAY_PLUGINS) {
      const names: readonly (keyof typeof c)[] = required;
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
    need(c.EXCHANGE_RATE_USD_BRL !== undefined, ['EXCHANGE_RATE_DATE'], 'EXCHANGE_RATE_USD_BRL is set');
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
  // Anyone could take tickets with the sandbox's test card or its 'simulate payment' button.
  if (!localDeployment && !raw.ALLOW_SANDBOX_GATEWAY && raw.PAYMENT_GATEWAY === 'sandbox')
    throw new ConfigError(
      'Invalid configuration: PAYMENT_GATEWAY must name a real payment gateway when PUBLIC_URL is not localhost (got "sandbox"; or set ALLOW_SANDBOX_GATEWAY=true)',
    );
  return {
    ...raw,
    dataDir: path.resolve(raw.DATA_DIR),
    publicUrl,
    secureCookies: !/^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(publicUrl),
    localDeployment,
  };
}
