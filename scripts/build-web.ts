import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(repoRoot, 'apps/web');
const serverEntry = path.join(webDir, 'build/server/index.js');
const SOURCES = ['apps/web/app', 'apps/web/public', 'packages/contracts/src', 'packages/domain/src'];
const CONFIGS = ['apps/web/vite.config.ts', 'apps/web/react-router.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when the web build is missing or older than any file it is built from. */
export function webBuildIsStale(): boolean {
  const built = statSync(serverEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...[...SOURCES, ...CONFIGS].map((p) => newestMtime(path.join(repoRoot, p))));
  return built === 0 || sources > built;
}

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

export function buildWeb(): void {
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
  buildWeb();
}
