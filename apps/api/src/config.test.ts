import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all, on local defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MAINTENANCE).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
  });

  it('refuses a bad value with one line naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration: PORT /);
      expect(message).toContain('"abc"');
      expect(message).not.toContain('\n');
    }
  });

  it.each([
    ['PORT', '70000'],
    ['MAINTENANCE', 'maybe'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['COMPANY_TAX_ID', '123'],
  ])('names %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('reads the outbox timings, and refuses ones the worker cannot keep', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      OUTBOX_POLL_SECONDS: 5,
      OUTBOX_LEASE_SECONDS: 120,
      OUTBOX_MAX_ATTEMPTS: 10,
    });
    expect(defaults.TEST_OUTBOX_CRASH_AT).toBeUndefined();
    const set = loadConfig({
      OUTBOX_POLL_SECONDS: '1',
      OUTBOX_RETRY_BASE_MS: '250',
      OUTBOX_MAX_ATTEMPTS: '3',
    });
    expect(set).toMatchObject({ OUTBOX_POLL_SECONDS: 1, OUTBOX_RETRY_BASE_MS: 250, OUTBOX_MAX_ATTEMPTS: 3 });
    expect(() => loadConfig({ OUTBOX_POLL_SECONDS: '0' })).toThrow(
      /^Invalid configuration: OUTBOX_POLL_SECONDS /,
    );
    expect(() => loadConfig({ OUTBOX_LEASE_SECONDS: 'soon' })).toThrow(
      /^Invalid configuration: OUTBOX_LEASE_SECONDS /,
    );
    expect(() => loadConfig({ TEST_OUTBOX_CRASH_AT: 'anywhere' })).toThrow(
      /^Invalid configuration: TEST_OUTBOX_CRASH_AT /,
    );
  });

  it('reads the switches and the PostgreSQL URL', () => {
    const config = loadConfig({
      PORT: '8080',
      MAINTENANCE: 'true',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      PUBLIC_URL: 'https://ingressos.example/',
      ALLOW_LOCAL_OUTBOX: 'true',
      ALLOW_DEV_CAPTCHA: 'true',
      ALLOW_SANDBOX_GATEWAY: 'true',
    });
    expect(config.PORT).toBe(8080);
    expect(config.MAINTENANCE).toBe(true);
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/app');
    expect(config.publicUrl).toBe('https://ingressos.example');
    expect(config.secureCookies).toBe(true);
  });

  it('refuses a public deployment whose e-mail or SMS would stay in a local outbox, unless told', () => {
    const publicSite = { PUBLIC_URL: 'https://ingressos.example' };
    expect(() => loadConfig(publicSite)).toThrow(
      /^Invalid configuration: SMTP_URL must name a real mail server/,
    );
    expect(() => loadConfig({ ...publicSite, SMTP_URL: 'smtp://mail:25' })).toThrow(
      /^Invalid configuration: SMS_PROVIDER/,
    );
    expect(() => loadConfig({ ...publicSite, ALLOW_LOCAL_OUTBOX: 'true' })).toThrow(
      /^Invalid configuration: CAPTCHA_PROVIDER must be a real captcha/,
    );
    const allowed = loadConfig({
      ...publicSite,
      ALLOW_LOCAL_OUTBOX: 'true',
      ALLOW_DEV_CAPTCHA: 'true',
      ALLOW_SANDBOX_GATEWAY: 'true',
    });
    expect(allowed.localDeployment).toBe(false);
    expect(loadConfig({}).localDeployment).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).localDeployment).toBe(true);
    expect(
      loadConfig({
        PUBLIC_URL: 'https://localhost.evil.example',
        ALLOW_LOCAL_OUTBOX: 'true',
        ALLOW_DEV_CAPTCHA: 'true',
        ALLOW_SANDBOX_GATEWAY: 'true',
      }).localDeployment,
    ).toBe(false);
  });

  it('refuses the sandbox gateway on a public address unless told (issue 31)', () => {
    // Everything else of a public site is real or explicitly allowed: only the gateway is in question.
    const publicSite = {
      PUBLIC_URL: 'https://ingressos.example',
      NODE_ENV: 'production',
      ALLOW_LOCAL_OUTBOX: 'true',
      ALLOW_DEV_CAPTCHA: 'true',
    };
    // No PAYMENT_GATEWAY means the sandbox: its test card would pay real orders.
    expect(() => loadConfig(publicSite)).toThrow(
      /^Invalid configuration: PAYMENT_GATEWAY must name a real payment gateway when PUBLIC_URL is not localhost \(got "sandbox"; or set ALLOW_SANDBOX_GATEWAY=true\)$/,
    );
    expect(() => loadConfig({ ...publicSite, PAYMENT_GATEWAY: 'sandbox' })).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadConfig({ ...publicSite, ALLOW_SANDBOX_GATEWAY: 'false' })).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadConfig({ ...publicSite, PUBLIC_URL: 'https://localhost.evil.example' })).toThrow(
      /PAYMENT_GATEWAY/,
    );
    // Said explicitly (a staging site), or a real gateway, or this machine: it starts.
    expect(loadConfig({ ...publicSite, ALLOW_SANDBOX_GATEWAY: 'true' }).PAYMENT_GATEWAY).toBe('sandbox');
    const real = loadConfig({
      ...publicSite,
      PAYMENT_GATEWAY: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-token',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public',
      MERCADOPAGO_WEBHOOK_SECRET: 'a-webhook-secret-of-16+',
    });
    expect(real.PAYMENT_GATEWAY).toBe('mercadopago');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
  });

  it('issue 31: the local captcha is the default only for a local address; a public one needs a real provider', () => {
    expect(loadConfig({}).CAPTCHA_PROVIDER).toBe('local');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).CAPTCHA_PROVIDER).toBe('local');
    const publicSite = {
      PUBLIC_URL: 'https://ingressos.example',
      SMTP_URL: 'smtp://mail:25',
      ALLOW_LOCAL_OUTBOX: 'true',
      ALLOW_SANDBOX_GATEWAY: 'true',
    };
    // No provider named: the default (the local checkbox) is refused with one line saying what to set.
    expect(() => loadConfig(publicSite)).toThrow(
      'Invalid configuration: CAPTCHA_PROVIDER must be a real captcha when PUBLIC_URL is not localhost (got "local"; or set ALLOW_DEV_CAPTCHA=true)',
    );
    expect(() => loadConfig({ ...publicSite, CAPTCHA_PROVIDER: 'off' })).toThrow(
      /CAPTCHA_PROVIDER must be a real captcha/,
    );
    expect(() => loadConfig({ ...publicSite, CAPTCHA_PROVIDER: 'turnstile' })).toThrow(
      /^Invalid configuration: CAPTCHA_SITE_KEY is required when CAPTCHA_PROVIDER=turnstile/,
    );
    for (const provider of ['turnstile', 'hcaptcha', 'recaptcha'])
      expect(
        loadConfig({
          ...publicSite,
          CAPTCHA_PROVIDER: provider,
          CAPTCHA_SITE_KEY: 'site',
          CAPTCHA_SECRET_KEY: 'secret',
        }).CAPTCHA_PROVIDER,
      ).toBe(provider);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('has working local defaults for accounts', () => {
    const config = loadConfig({});
    expect(config.SESSION_TTL_DAYS).toBe(7);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SMS_PROVIDER).toBe('local');
    expect(config.CAPTCHA_PROVIDER).toBe('local');
    expect(config.POSTAL_CODE_PROVIDER).toBe('local');
    expect(config.TRUST_PROXY_HOPS).toBe(0);
  });

  it.each([
    [{ CAPTCHA_PROVIDER: 'turnstile' }, 'CAPTCHA_SITE_KEY'],
    [{ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'k' }, 'CAPTCHA_SECRET_KEY'],
    [{ CAPTCHA_PROVIDER: 'friendly' }, 'CAPTCHA_PROVIDER'],
    [{ SMS_PROVIDER: 'twilio' }, 'TWILIO_ACCOUNT_SID'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ SESSION_TTL_DAYS: '0' }, 'SESSION_TTL_DAYS'],
    [{ LINK_SECRET: 'short' }, 'LINK_SECRET'],
    [{ PAYMENT_GATEWAY: 'mercadopago' }, 'MERCADOPAGO_ACCESS_TOKEN'],
    [
      { PAYMENT_GATEWAY: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'a', MERCADOPAGO_PUBLIC_KEY: 'p' },
      'MERCADOPAGO_WEBHOOK_SECRET',
    ],
    [{ MERCADOPAGO_API_BASE: 'api.mercadopago.com' }, 'MERCADOPAGO_API_BASE'],
    // Half a gateway beside the default is refused too, rather than failing at its first sale.
    [{ MERCADOPAGO_ACCESS_TOKEN: 'a', MERCADOPAGO_PUBLIC_KEY: 'p' }, 'MERCADOPAGO_WEBHOOK_SECRET'],
    [{ PAYMENT_GATEWAY: 'paypal' }, 'PAYMENT_GATEWAY'],
    [{ PAYMENT_GATEWAY: 'malga' }, 'MALGA_CLIENT_ID'],
    // Half a Malga configuration for events that name it: refused, even with another default.
    [
      { MALGA_CLIENT_ID: 'c', MALGA_API_KEY: 'k', MALGA_PUBLIC_KEY: 'p', MALGA_MERCHANT_ID: 'm' },
      'MALGA_WEBHOOK_PUBLIC_KEY',
    ],
    [{ MALGA_WEBHOOK_PUBLIC_KEY: 'not a key' }, 'MALGA_WEBHOOK_PUBLIC_KEY'],
    [{ PAYMENT_GATEWAY: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY'],
    [
      { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      'STRIPE_WEBHOOK_SECRET',
    ],
    [{ STRIPE_API_BASE: 'api.stripe.com' }, 'STRIPE_API_BASE'],
    [{ PAYMENT_GATEWAY: 'yuno' }, 'YUNO_PUBLIC_API_KEY'],
    // Another gateway's variable set alone: the rest of its variables are required too.
    [{ YUNO_PUBLIC_API_KEY: 'p', YUNO_PRIVATE_SECRET_KEY: 's', YUNO_ACCOUNT_ID: 'a' }, 'YUNO_WEBHOOK_SECRET'],
    [{ YUNO_WEBHOOK_SECRET: 'short' }, 'YUNO_WEBHOOK_SECRET'],
    [{ YUNO_API_BASE: 'api.y.uno' }, 'YUNO_API_BASE'],
  ])('names the variable that is wrong or missing for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });
});

describe('PagBank configuration', () => {
  const key = `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${'a'.repeat(40)}`;
  it.each([
    [{ PAYMENT_GATEWAY: 'pagbank' }, 'PAGBANK_TOKEN'],
    // Half a gateway (a token without its public key) is refused, default or not.
    [{ PAGBANK_TOKEN: 'a-token-of-the-account-0123' }, 'PAGBANK_PUBLIC_KEY'],
    [{ PAGBANK_TOKEN: 'short', PAGBANK_PUBLIC_KEY: key }, 'PAGBANK_TOKEN'],
    [{ PAGBANK_API_BASE: 'api.pagseguro.com' }, 'PAGBANK_API_BASE'],
  ])('names the variable that is wrong or missing for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });
  it('takes a whole PagBank account, its API at PagBank by default', () => {
    const config = loadConfig({
      PAYMENT_GATEWAY: 'pagbank',
      PAGBANK_TOKEN: 'a-token-of-the-account-0123',
      PAGBANK_PUBLIC_KEY: key,
    });
    expect(config.PAGBANK_API_BASE).toBe('https://api.pagseguro.com');
  });
});
