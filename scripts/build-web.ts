import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildConsole, consoleBuildIsStale, newestConsoleSource } from './build-console.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(repoRoot, 'apps/web');
const serverEntry = path.join(webDir, 'build/server/index.js');
const SOURCES = ['apps/web/app', 'apps/web/public', 'packages/contracts/src', 'packages/domain/src'];
const CONFIGS = ['apps/web/vite.config.ts', 'apps/web/react-router.config.ts', 'package-lock.json'];

/** The newest file or folder under `target`, and its modification time. */
function newest(target: string): { mtime: number; path: string } {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return { mtime: 0, path: target };
  let found = { mtime: stat.mtimeMs, path: target };
  if (!stat.isDirectory()) return found;
  for (const entry of readdirSync(target)) {
    const inner = newest(path.join(target, entry));
    if (inner.mtime > found.mtime) found = inner;
  }
  return found;
}

function newestSource(): { mtime: number; path: string } {
  return [...SOURCES, ...CONFIGS]
    .map((p) => newest(path.join(repoRoot, p)))
    .reduce((a, b) => (b.mtime > a.mtime ? b : a));
}

/** True when the storefront's build is missing or older than any file it is built from. */
function storefrontBuildIsStale(): boolean {
  const built = statSync(serverEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return built === 0 || newestSource().mtime > built;
}

/** True when the storefront's or the console's build (scripts/build-console.ts) is missing or stale. */
export function webBuildIsStale(): boolean {
  return storefrontBuildIsStale() || consoleBuildIsStale();
}

/**
 * Set by `npm test` once the web is built: a rebuild during the run would take the pages away from
 * the journeys' servers running beside, so it fails and names what changed instead.
 */
export const WEB_BUILT_FOR_RUN = 'BILHETO_WEB_BUILT_FOR_RUN';

/** Writes .br and .gz beside each text asset, so the server sends them without compressing per request. */
function precompress(dir: string) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
    const file = path.join(dir, name);
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

/** Builds the storefront and the console (issue 33), each only when stale unless `all`. */
export function buildWeb({ all = false }: { all?: boolean } = {}): void {
  if (process.env[WEB_BUILT_FOR_RUN] === '1') {
    const changed = storefrontBuildIsStale() ? newestSource() : newestConsoleSource();
    throw new Error(
      `The web build went stale during the test run (${path.relative(repoRoot, changed.path)} changed ` +
        'after it): a test wrote into what the web is built from.',
    );
  }
  if (all || consoleBuildIsStale()) buildConsole();
  if (!all && !storefrontBuildIsStale()) return;
  const bin = path.join(repoRoot, 'node_modules/.bin/react-router');
  // Always a production build, even when called from a test runner that sets NODE_ENV=test
  // (React's development build is a different, larger bundle).
  const result = spawnSync(process.execPath, [bin, 'build'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web build failed (see above).');
  precompress(path.join(webDir, 'build/client/assets'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWeb({ all: true });
}
