import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const POSTS = ['/api/v2/getEventTicketsBySlug', '/api/v2/website/GetSellingPointsByEvent'];

describe.each(testDatabases())('event calls refuse bad input on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = async (target: string, body: string) => {
    const response = await t.request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, body: (await response.json()) as { Message: string; code: string } };
  };

  it.each(POSTS)('%s: malformed JSON is a 400 with a message', async (target) => {
    for (const body of ['{"eventSlug":', 'not json', '{"a":1}}']) {
      const answer = await post(target, body);
      expect(answer.status, body).toBe(400);
      expect(answer.body).toEqual({
        Message: 'O corpo da requisição não é um JSON válido.',
        code: 'invalid_json',
      });
    }
  });

  it.each(POSTS)('%s: a wrong shape or type is a 400 naming the field', async (target) => {
    for (const body of ['', 'null', '[]', '42', '{"eventSlug": 5, "eventId": "abc"}', '{"eventId": -1}']) {
      const answer = await post(target, body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.code).toBe('invalid_request');
      expect(answer.body.Message).toMatch(/^Requisição inválida: /);
    }
  });

  it.each(POSTS)('%s: oversized fields are a 400, oversized bodies a 413', async (target) => {
    const field = await post(target, JSON.stringify({ eventSlug: 'x'.repeat(5_000), eventId: 1e12 }));
    expect(field.status).toBe(400);
    const huge = await post(target, JSON.stringify({ eventSlug: 'x'.repeat(100_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('payload_too_large');
  });

  it('answers in English for English visitors', async () => {
    const response = await t.request('/api/v2/getEventTicketsBySlug', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: '{',
    });
    expect(((await response.json()) as { Message: string }).Message).toBe(
      'The request body is not valid JSON.',
    );
  });

  it('refuses a malformed group id or search with 400, never a 500', async () => {
    for (const target of [
      '/api/eventgroup/Not%20A%20Slug',
      '/api/eventgroup/%E2%9C%93',
      `/api/eventgroup/${'9'.repeat(200)}`,
    ]) {
      const response = await t.request(target);
      expect(response.status, target).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('invalid_request');
    }
    const search = await t.request(`/api/events/search?s=${'a'.repeat(500)}`);
    expect(search.status).toBe(400);
  });
});
