import { describe, expect, it } from 'vitest';
import { createSiteverifyCaptcha, SITEVERIFY_URLS } from './captcha/siteverify.ts';
import { cachePostalCodes } from './postal-code/cached.ts';
import { createViaCep } from './postal-code/viacep.ts';
import { createTwilioSms } from './sms/twilio.ts';

type TCall = { url: string; init: RequestInit | undefined };
function fakeFetch(answer: () => Response) {
  const calls: TCall[] = [];
  const send = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return answer();
  }) as typeof fetch;
  return { calls, send };
}

describe('captcha providers (server-side check)', () => {
  it.each(Object.keys(SITEVERIFY_URLS) as (keyof typeof SITEVERIFY_URLS)[])(
    '%s posts secret, answer and IP',
    async (provider) => {
      const { calls, send } = fakeFetch(() => Response.json({ success: true }));
      const captcha = createSiteverifyCaptcha(provider, 'site', 'secret', send);
      expect(await captcha.verify('answer', '203.0.113.9')).toBe(true);
      expect(calls[0]!.url).toBe(SITEVERIFY_URLS[provider]);
      const body = new URLSearchParams(String(calls[0]!.init?.body));
      expect(Object.fromEntries(body)).toEqual({
        secret: 'secret',
        response: 'answer',
        remoteip: '203.0.113.9',
      });
    },
  );

  it('refuses when the provider says no, errs or cannot be reached', async () => {
    for (const answer of [
      () => Response.json({ success: false }),
      () => new Response('oops', { status: 500 }),
      () => {
        throw new Error('offline');
      },
    ]) {
      const { send } = fakeFetch(answer);
      expect(await createSiteverifyCaptcha('turnstile', 's', 'k', send).verify('x', undefined)).toBe(false);
    }
  });
});

describe('Twilio SMS client', () => {
  it('posts To, From and Body with basic auth, and fails on a non-2xx answer', async () => {
    const ok = fakeFetch(() => new Response('{}', { status: 201 }));
    await createTwilioSms({ accountSid: 'AC1', authToken: 'tok', from: '+15550001', fetch: ok.send }).send(
      '+5511987654321',
      'Oi',
    );
    expect(ok.calls[0]!.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json');
    const headers = ok.calls[0]!.init?.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(String(ok.calls[0]!.init?.body)))).toEqual({
      To: '+5511987654321',
      From: '+15550001',
      Body: 'Oi',
    });
    const refused = fakeFetch(() => new Response('{}', { status: 400 }));
    await expect(
      createTwilioSms({ accountSid: 'AC1', authToken: 'tok', from: '+1', fetch: refused.send }).send(
        '+1',
        'x',
      ),
    ).rejects.toThrow(/400/);
  });
});

describe('ViaCEP client behind a cache', () => {
  it('maps the answer, caches it, and reads erro as not found', async () => {
    const { calls, send } = fakeFetch(() =>
      Response.json({
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
        ibge: '3550308',
      }),
    );
    const lookup = cachePostalCodes(createViaCep('https://viacep.com.br/ws/', send));
    const first = await lookup.lookup('01310100');
    expect(first).toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
      cityIBGE: 3550308,
    });
    expect(await lookup.lookup('01310100')).toEqual(first);
    expect(calls.map((c) => c.url)).toEqual(['https://viacep.com.br/ws/01310100/json/']);
    const missing = fakeFetch(() => Response.json({ erro: 'true' }));
    expect(await createViaCep('https://viacep.com.br/ws', missing.send).lookup('99999999')).toBeNull();
  });
});
