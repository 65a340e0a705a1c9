export type TCaptchaProvider = 'local' | 'off' | 'turnstile' | 'hcaptcha' | 'recaptcha';

/** Checks the captcha answer a form sends in the X-Captcha-Token header. */
export type TCaptcha = {
  provider: TCaptchaProvider;
  /** The public key the browser widget needs (real providers only). */
  siteKey: string | null;
  verify(token: string, remoteIp: string | undefined): Promise<boolean>;
};
