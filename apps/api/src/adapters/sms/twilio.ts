import type { TSmsSender } from './sms.ts';

export type TTwilioOptions = { accountSid: string; authToken: string; from: string; fetch?: typeof fetch };

/** Twilio's Messages API (a form POST with basic auth); any non-2xx answer is a failure. */
export function createTwilioSms(options: TTwilioOptions): TSmsSender {
  const send = options.fetch ?? fetch;
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(to, body) {
      const response = await send(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: options.from, Body: body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
    },
  };
}
