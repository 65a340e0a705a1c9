/**
 * Part of `npm run check`: the web app writes no API path and makes no call of its own. Every
 * call's URL comes from the endpoint table (`apiPath` in packages/contracts/src/endpoints.ts), so a
 * path changes in one place and a test proves each is mounted; every call goes through the one
 * typed client (apps/web/app/shared/api-client.ts). Exits 1, listing each offence.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_LITERAL = /(['"`])\/(api|checkout|v1|sandbox-gateway)\/[^'"`]*\1?/g;
/** A call of the global fetch (not `something.fetch(`). */
const RAW_FETCH = /(?<![.\w])fetch\(/;
/** The files that may call fetch: the typed client, and the UI strings' static file (not an API call). */
const FETCHERS = [path.join('shared', 'api-client.ts'), path.join('ui', 'i18n.tsx')];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'build' || name === '.react-router' || name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Each `file:line  literal` that writes an API path. */
export function apiPathLiterals(dir: string): string[] {
  return sources(dir).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(API_LITERAL)].map((match) => `${file}:${index + 1}  ${match[0]}`),
      ),
  );
}

/** Each `file:line` outside the typed client that calls fetch itself. */
export function rawFetches(dir: string): string[] {
  return sources(dir)
    .filter((file) => !FETCHERS.some((allowed) => file.endsWith(path.join(dir, allowed))))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (RAW_FETCH.test(line) ? [`${file}:${index + 1}  ${line.trim()}`] : [])),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = apiPathLiterals(path.join(root, 'apps/web/app'));
  if (found.length > 0) {
    console.error(
      `The web writes API paths; use apiPath() from @ingressos/contracts/endpoints:\n${found.join('\n')}`,
    );
    process.exit(1);
  }
  const fetches = rawFetches(path.join(root, 'apps/web/app'));
  if (fetches.length > 0) {
    console.error(
      `The web calls fetch itself; use api() from ~/shared/api-client.ts (serverApi on the server):\n${fetches.join('\n')}`,
    );
    process.exit(1);
  }
}
