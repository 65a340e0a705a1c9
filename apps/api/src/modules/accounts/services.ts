import { createCaptcha, type TCaptchaService } from '../../adapters/captcha/index.ts';
import { createMailer, type TMailer } from '../../adapters/mail/index.ts';
import { createPostalCodes, type TPostalCodeLookup } from '../../adapters/postal-code/index.ts';
import { createSmsSender, type TSmsSender } from '../../adapters/sms/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDatabase, TDb } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import { createRateLimits, type TRateLimits } from './rate-limits.ts';
import { createLinkSecret } from './secrets.ts';

/** What the account use-cases need, built once per process. */
export type TAccountServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  mailer: TMailer;
  sms: TSmsSender;
  captcha: TCaptchaService;
  postalCodes: TPostalCodeLookup;
  limits: TRateLimits;
  secret: () => Promise<Uint8Array>;
};

export function createAccountServices(options: {
  config: TConfig;
  database: TDatabase;
  log: TLogger;
}): TAccountServices {
  const { config, database, log } = options;
  const secret = createLinkSecret(database, config.LINK_SECRET);
  const services: TAccountServices = {
    db: database.db,
    config,
    log,
    mailer: createMailer(config, database.db),
    sms: createSmsSender(config, database.db),
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
  if (s.config.secureCookies && (s.mailer.kind === 'local-outbox' || s.sms.kind === 'local-outbox')) {
    s.log.warn('local mail/SMS outbox in use on a public URL: /_dev/mailbox and /_dev/sms.json expose it', {
      mail: s.mailer.kind,
      sms: s.sms.kind,
    });
  }
}
