import type { TCaptcha } from './captcha.ts';

/** The server-side check of each provider: same form POST, same `success` answer. */
export const SITEVERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const;

/** What the browser loads for each provider; the CSP allows exactly these when one is configured. */
export const WIDGET_ORIGINS = {
  turnstile: ['https://challenges.cloudflare.com'],
  hcaptcha: ['https://js.hcaptcha.com', 'https://*.hcaptcha.com'],
  recaptcha: ['https://www.google.com', 'https://www.gstatic.com'],
} as const;

export type TSiteverifyProvider = keyof typeof SITEVERIFY_URLS;

export function createSiteverifyCaptcha(
  provider: TSiteverifyProvider,
  siteKey: string,
  secretKey: string,
  send: typeof fetch = fetch,
): TCaptcha {
  return {
    provider,
    siteKey,
    async verify(token, remoteIp) {
      const body = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const response = await send(SITEVERIFY_URLS[provider], {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(8_000),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch {
        return false;
      }
    },
  };
}
