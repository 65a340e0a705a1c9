import type { TSiteFlagsAnswer } from '@ingressos/contracts/site-flags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { createSiteFlags } from '../../modules/site-flags/site-flags.ts';
import { fromIp } from '../../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const TOKEN = 'a-long-admin-token-for-the-tests-0123456789';
const CHAT = 'https://chat.example.net/widget.js';
const CRM = 'https://forms.example.org/embed.js';

describe.each(testDatabases())('site flags on %s', (kind) => {
  let t: TTestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_TOKEN: TOKEN,
      CHAT_WIDGET_SCRIPT_URL: CHAT,
      CRM_FORM_SCRIPT_URL: CRM,
      BIOMETRY_MANUAL_REVIEW_HOURS: '48',
      BIOMETRY_FACIAL_GLOBAL: 'true',
    });
  }, 120_000);
  afterAll(() => t.close());

  const flags = async () => {
    const response = await t.request('/api/site/flags');
    return { response, body: (await response.json()) as TSiteFlagsAnswer };
  };
  const change = async (body: unknown, token: string | null = TOKEN) => {
    serial += 1;
    const response = await t.app.request(
      'http://localhost/api/admin/site-flags',
      {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { 'x-admin-token': token }),
        },
        body: JSON.stringify(body),
      },
      fromIp(`192.0.2.${serial}`),
    );
    return {
      status: response.status,
      body: (await response.json()) as TSiteFlagsAnswer & { Message?: string },
    };
  };
  const scriptSrc = async () => {
    const csp = (await t.request('/robots.txt')).headers.get('content-security-policy') ?? '';
    return csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  };

  it('starts from the environment, widgets off, cacheable for the refresh interval', async () => {
    const { response, body } = await flags();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=120');
    expect(body).toEqual({
      flags: {
        biometryFacialGlobal: true,
        biometryRequiredOnLogin: false,
        biometryRequiredOnRegister: false,
        biometryManualReviewHours: 48,
        chatWidget: false,
        crmForm: false,
      },
      scripts: { chatWidget: null, crmForm: null },
      refreshMs: 120_000,
      updatedAt: null,
    });
    // No widget origin is allowed while the widgets are off.
    expect(await scriptSrc()).not.toContain('chat.example.net');
  });

  it('refuses changes without the right token, and bad switches', async () => {
    expect((await change({ chatWidget: true }, null)).status).toBe(403);
    expect((await change({ chatWidget: true }, 'wrong-token-wrong-token-wrong-token-x')).status).toBe(403);
    expect((await change({ chatWidget: 'yes' })).status).toBe(400);
    expect((await change({ unknownFlag: true })).status).toBe(400);
    expect((await change({})).status).toBe(400);
    expect((await change({ biometryManualReviewHours: 0 })).status).toBe(400);
    expect((await flags()).body.flags.chatWidget).toBe(false);
  });

  it('applies a change at once in this process: scripts to load and the CSP origin', async () => {
    const changed = await change({ chatWidget: true, biometryManualReviewHours: 12 });
    expect(changed.status).toBe(200);
    expect(changed.body.flags).toMatchObject({
      chatWidget: true,
      crmForm: false,
      biometryManualReviewHours: 12,
    });
    const { body } = await flags();
    expect(body.scripts).toEqual({ chatWidget: CHAT, crmForm: null });
    expect(body.updatedAt).toEqual(expect.any(String));
    expect(await scriptSrc()).toContain('https://chat.example.net');
    expect(await scriptSrc()).not.toContain('https://forms.example.org');

    expect((await change({ chatWidget: false })).status).toBe(200);
    expect((await flags()).body.scripts.chatWidget).toBeNull();
    expect(await scriptSrc()).not.toContain('chat.example.net');
  });

  it('is seen by another process within the refresh interval, not before it', async () => {
    let clock = 1_000_000;
    const other = createSiteFlags({
      db: t.database.db,
      config: loadConfig({ LOG_LEVEL: 'silent', SITE_FLAGS_REFRESH_MS: '120000' }),
      log: createLogger('silent'),
      now: () => clock,
    });
    expect((await other.current()).flags.crmForm).toBe(false);
    expect((await change({ crmForm: true })).status).toBe(200);
    clock += 119_999;
    // Still the switches it read (one read per interval, whatever the traffic).
    expect((await other.current()).flags.crmForm).toBe(false);
    clock += 1;
    expect((await other.current()).flags.crmForm).toBe(true);
    // The environment's defaults are the other process's own (BIOMETRY_MANUAL_REVIEW_HOURS=24 there) for switches never changed.
    expect((await other.current()).flags.biometryFacialGlobal).toBe(false);
    expect((await other.current()).flags.biometryManualReviewHours).toBe(12);
  });

  it('refuses every change when the environment has no admin token', async () => {
    const bare = await createTestApp(kind, {});
    try {
      const response = await bare.request('/api/admin/site-flags', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-admin-token': TOKEN },
        body: JSON.stringify({ chatWidget: true }),
      });
      expect(response.status).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
