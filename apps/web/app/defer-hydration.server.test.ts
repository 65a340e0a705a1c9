import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  COOKIE_CONSENT_NAME,
  cookieConsentFromHeader,
  formatCookieConsent,
} from '@ingressos/domain/cookie-consent';
import { describe, expect, it } from 'vitest';
import { deferHydration, deferHydrationStream } from './defer-hydration.server.ts';

const page = (extra = '') =>
  `<head><link rel="modulepreload" href="/a.js" nonce="n1"/><link rel="stylesheet" href="/a.css"/></head>` +
  `<body><h1>Olá, São Paulo</h1>${extra}<script nonce="n1" type="module" async="">import * as r from "/r.js";\nimport("/e.js");</script></body>`;

describe('defer hydration', () => {
  it('drops module preloads, keeps stylesheets, and boots the module after the first frame with its nonce', () => {
    const out = deferHydration(page(), 'n1');
    expect(out).not.toContain('modulepreload');
    expect(out).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(out).toContain('<script nonce="n1">requestAnimationFrame(');
    expect(out).toContain('s.nonce="n1"');
    // The module's source survives, as a JSON string that cannot close the script early.
    const source = /s\.textContent=("(?:[^"\\]|\\.)*")/.exec(out)![1]!;
    expect(JSON.parse(source)).toBe('import * as r from "/r.js";\nimport("/e.js");');
    expect(out).not.toMatch(/type="module" async/);
  });

  it('gives the same result when the stream cuts tags, scripts and characters anywhere', async () => {
    const source = page('<p>Ingressos à venda</p>');
    const bytes = Buffer.from(source);
    for (const size of [1, 7, 50, 200]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out = await text(Readable.from(chunks).pipe(deferHydrationStream('n1')));
      expect(out, `chunks of ${size}`).toBe(deferHydration(source, 'n1'));
    }
  });

  it('marks, before the first paint, a document whose browser holds a session (its readable hint)', () => {
    const out = deferHydration(page('<p>&lt;/head&gt;</p>'), 'n1');
    const script = /<script nonce="n1">(if\(.*?)<\/script><\/head>/.exec(out)?.[1];
    expect(script).toBeDefined();
    const mark = (cookie: string) => {
      const dataset: Record<string, string> = {};
      new Function('document', script!)({ cookie, documentElement: { dataset } });
      return 'signedIn' in dataset;
    };
    expect(mark('lang=en; signed_in=1; cart_session=abc')).toBe(true);
    expect(mark('signed_in=1')).toBe(true);
    expect(mark('lang=en; cart_session=abc')).toBe(false);
    expect(mark('not_signed_in=1; signed_in=10')).toBe(false);
    // Once, in the head only.
    expect(out.match(/signed_in/g)).toHaveLength(1);
  });

  it('marks, before the first paint, a document whose browser holds no cookie choice (issue 31)', () => {
    const out = deferHydration(page('<p>x</p>'), 'n1');
    const script = /<script nonce="n1">(\/.*?)<\/script>/.exec(out)?.[1];
    expect(script).toBeDefined();
    const asks = (cookie: string) => {
      const dataset: Record<string, string> = {};
      new Function('document', script!)({ cookie, documentElement: { dataset } });
      return dataset.consent === 'ask';
    };
    const chosen = `${COOKIE_CONSENT_NAME}=${formatCookieConsent({ analytics: true, marketing: false })}`;
    expect(asks(`lang=en; ${chosen}; cart_session=abc`)).toBe(false);
    expect(asks(chosen)).toBe(false);
    expect(asks('lang=en; cart_session=abc')).toBe(true);
    expect(asks('')).toBe(true);
    // A choice under another version of the policy is asked again, as features/consent does.
    expect(
      asks(
        `${COOKIE_CONSENT_NAME}=${formatCookieConsent({ analytics: true, marketing: true }, '2020-01-01')}`,
      ),
    ).toBe(true);
    expect(asks(`x${chosen}`)).toBe(true);
    for (const cookie of [chosen, 'lang=en', `x${chosen}`])
      expect(asks(cookie)).toBe(cookieConsentFromHeader(cookie) === null);
  });
});
