import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import type { TAppEnv } from '../env.ts';
import { requestContext } from './request-context.ts';

function app(lines: string[] = []) {
  const hono = new Hono<TAppEnv>();
  hono.use(requestContext(createLogger('info', {}, (line) => lines.push(line))));
  hono.get('/page', () => new Response('<p>ok</p>', { headers: { 'content-type': 'text/html' } }));
  // A Response whose headers cannot be changed (as a redirect or a fetched answer's are).
  hono.get('/moved', () => Response.redirect('http://localhost/page', 302));
  return hono;
}

describe('each request gets an id, said in its answer and its log line', () => {
  it('adds X-Request-Id to an answer, and logs it with the path and status', async () => {
    const lines: string[] = [];
    const response = await app(lines).request('/page?cpf=12345678909');
    expect(await response.text()).toBe('<p>ok</p>');
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{8,}$/);
    const logged = JSON.parse(lines.at(-1)!);
    expect(logged).toMatchObject({ reqId: id, path: '/page', status: 200, method: 'GET' });
    expect(lines.join('\n')).not.toContain('12345678909');
  });

  it('adds it to an answer whose headers cannot be changed, keeping its status and location', async () => {
    const response = await app().request('/moved');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost/page');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});
