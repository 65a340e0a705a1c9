import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Issue 33: the operator's console, a Vite single-page app of its own (apps/console), so the
 * storefront's bundle and its script budget are untouched. Built beside the storefront by
 * scripts/build-web.ts (when missing or older than what it is built from) and served by the API
 * process under /console (apps/api/src/http/console-static.ts).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const consoleDir = path.join(repoRoot, 'apps/console');
export const consoleBuildDir = path.join(consoleDir, 'build');
const builtIndex = path.join(consoleBuildDir, 'index.html');
const SOURCES = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/public',
  'apps/console/vite.config.ts',
  'packages/contracts/src',
  'packages/domain/src',
  'package-lock.json',
];

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

export function newestConsoleSource(): { mtime: number; path: string } {
  return SOURCES.map((p) => newest(path.join(repoRoot, p))).reduce((a, b) => (b.mtime > a.mtime ? b : a));
}

/** True when the console's build is missing or older than any file it is built from. */
export function consoleBuildIsStale(): boolean {
  const built = statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return built === 0 || newestConsoleSource().mtime > built;
}

export function buildConsole(): void {
  const bin = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [bin, 'build', '--config', 'vite.config.ts'], {
    cwd: consoleDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The console build failed (see above).');
  const assets = path.join(consoleBuildDir, 'assets');
  for (const name of readdirSync(assets)) {
    if (!/\.(js|css|svg)$/.test(name)) continue;
    const file = path.join(assets, name);
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildConsole();
}
