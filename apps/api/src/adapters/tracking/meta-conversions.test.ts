import { describe, expect, it } from 'vitest';
import { createMetaTracker } from './meta-conversions.ts';
import type { TServerEvent } from './tracker.ts';

const EVENT: TServerEvent = {
  event_name: 'Purchase',
  event_time: 1_767_225_600,
  event_id: 'purchase-ord_1',
  action_source: 'website',
  event_source_url: 'https://bilheto.example/pedido/ord_1',
  user_data: { em: ['a'.repeat(64)], client_ip_address: '203.0.113.9', client_user_agent: 'Mozilla/5.0' },
  custom_data: { currency: 'BRL', value: 484, order_id: 'ord_1' },
};

function fakeFetch(answer: () => Response) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const send = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return answer();
  }) as typeof fetch;
  return { calls, send };
}

describe("Meta's Conversions API client", () => {
  it('posts the event as data[] to /{pixel}/events with the access token and the test code', async () => {
    const { calls, send } = fakeFetch(() => Response.json({ events_received: 1 }));
    const tracker = createMetaTracker({
      graphUrl: 'https://graph.example/v21.0/',
      testEventCode: 'TEST123',
      fetch: send,
    });
    expect(await tracker.send({ pixelId: '1234567890', accessToken: 'token-abcdef' }, 7, EVENT)).toEqual({
      duplicate: false,
    });
    expect(calls[0]!.url).toBe('https://graph.example/v21.0/1234567890/events');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({
      data: [EVENT],
      access_token: 'token-abcdef',
      test_event_code: 'TEST123',
    });
  });

  it('fails on a refusal, naming the status', async () => {
    const { send } = fakeFetch(() =>
      Response.json({ error: { message: 'Invalid parameter' } }, { status: 400 }),
    );
    const tracker = createMetaTracker({ graphUrl: 'https://graph.example/v21.0', fetch: send });
    await expect(
      tracker.send({ pixelId: '1234567890', accessToken: 'token-abcdef' }, 7, EVENT),
    ).rejects.toThrow(/answered 400/);
  });
});
