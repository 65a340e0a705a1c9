import { createCaptcha, type TCaptchaService } from '../../adapters/captcha/index.ts';
import { createPostalCodes, type TPostalCodeLookup } from '../../adapters/postal-code/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDatabase, TDb } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import type { TOutbox } from '../outbox/outbox-worker.ts';
import { createRateLimits, type TRateLimits } from './rate-limits.ts';
import { createLinkSecret } from './secrets.ts';

/** What the account use-cases need, built once per process. */
export type TAccountServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  /** E-mail and SMS go through it: enqueued with what caused them, sent by its worker. */
  outbox: TOutbox;
  captcha: TCaptchaService;
  postalCodes: TPostalCodeLookup;
  limits: TRateLimits;
  secret: () => Promise<Uint8Array>;
};

export function createAccountServices(options: {
  config: TConfig;
  database: TDatabase;
  log: TLogger;
  outbox: TOutbox;
}): TAccountServices {
  const { config, database, log, outbox } = options;
  const secret = createLinkSecret(database, config.LINK_SECRET);
  const services: TAccountServices = {
    db: database.db,
    config,
    log,
    outbox,
    captcha: createCaptcha(config, database.db, secret),
    postalCodes: createPostalCodes(config),
    limits: createRateLimits(database),
    secret,
  };
  warnAboutLocalDefaults(services);
  return services;
}

/** Local defaults are for development: say so at start when they run where people may see them. */
function warnAboutLocalDefaults(s: TAccountServices) {
  if (s.config.CAPTCHA_PROVIDER === 'off') {
    s.log.warn('CAPTCHA_PROVIDER=off: login and registration accept requests without a captcha');
  }
  const { mailer, sms } = s.outbox;
  if (s.config.secureCookies && (mailer.kind === 'local-outbox' || sms.kind === 'local-outbox')) {
    s.log.warn('local mail/SMS outbox in use on a public URL: /_dev/mailbox and /_dev/sms.json expose it', {
      mail: mailer.kind,
      sms: sms.kind,
    });
  }
}
