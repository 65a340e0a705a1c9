import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '@ingressos/contracts/endpoints';
import { describe, expect, it } from 'vitest';

const http = path.join(import.meta.dirname, 'http');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Ways of reading or validating a request that bypass the one parser (http/request.ts). */
const OWN_PARSING =
  /c\.req\.json\(|\.req\.parseBody\(|\.safeParse\(|\b(readJson|parseJson)\w*\s*=\s*(async\s*)?\(/;

/**
 * Issue 32: one request parser. Every route reads its JSON body, form and query through
 * http/request.ts and validates with its endpoint's schema there, so the answers to a malformed or
 * wrong-shaped request (400 invalid_json / invalid_request, their messages) are written once.
 * Negative control (run once, then removed): `await c.req.json()` put back into routes/transfers.ts
 * failed this case.
 */
describe('the request parser', () => {
  it('is the only place in http/ that reads or validates a request body', () => {
    const files = sources(http);
    expect(files.length).toBeGreaterThan(40);
    const offenders = files
      .filter((file) => path.basename(file) !== 'request.ts')
      .filter((file) => OWN_PARSING.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(http, file));
    expect(offenders).toEqual([]);
  });
});

/** The prefixes app.ts mounts route files under. */
const MOUNTS = ['', '/api', '/api/pages', '/api/captcha'];

/**
 * Issue 32: routes mounted from the endpoint table (packages/contracts endpoints.ts, which the typed
 * web client is built from), so a path is written once: a route file takes an endpoint's method and
 * path with `endpoint(name)` (http/endpoint.ts), never a literal of it (full or under its mount).
 * Negative control (run once, then removed): `.get('/api/v3/nextEvents', ...)` added to
 * routes/catalogue.ts failed this case.
 */
describe('routes of the endpoint table', () => {
  it('take their method and path from the table, not a literal', () => {
    const paths = new Set<string>(Object.values(ENDPOINTS).map((entry) => entry.path));
    const offenders = sources(path.join(http, 'routes')).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /\.(?:get|post|put|delete|patch|all|on)\(\s*(?:'[A-Z]+',\s*)?'([^']+)'/g,
        ),
      ]
        .map((match) => match[1]!)
        .filter((literal) => MOUNTS.some((mount) => paths.has(mount + literal)))
        .map((literal) => `${path.basename(file)}: ${literal}`),
    );
    expect(offenders).toEqual([]);
  });
});
