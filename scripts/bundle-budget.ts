/**
 * The JavaScript a first visit to a page downloads before it is interactive: the client entry,
 * the root route and the page's route, with every chunk they import, gzipped; plus the route
 * manifest the page carries. With lazy route discovery (React Router's default) that manifest is
 * inlined in the HTML with only the page's own routes, and the full `manifest-*.js` file is not
 * fetched, so the inline part is what counts. Sizes are deterministic for a given build, so a
 * test can hold the budget.
 * `node scripts/bundle-budget.ts [routeId]` prints the breakdown.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './build-web.ts';

const clientDir = path.join(repoRoot, 'apps/web/build/client');

type TManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

function readManifest(): { file: string; manifest: TManifest } {
  const name = readdirSync(path.join(clientDir, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
  if (!name)
    throw new Error('No React Router manifest in apps/web/build/client/assets: run "npm run build".');
  const source = readFileSync(path.join(clientDir, 'assets', name), 'utf8');
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
  return { file: `/assets/${name}`, manifest: JSON.parse(json) as TManifest };
}

export function initialJavaScript(routeId: string): {
  files: { file: string; gzip: number }[];
  total: number;
} {
  const { manifest } = readManifest();
  const route = manifest.routes[routeId];
  const root = manifest.routes.root;
  if (!route || !root) throw new Error(`Unknown route id ${routeId}`);
  const inlineManifest = JSON.stringify({ entry: manifest.entry, routes: { root, [routeId]: route } });
  const urls = new Set<string>([
    manifest.entry.module,
    ...manifest.entry.imports,
    root.module,
    ...(root.imports ?? []),
    route.module,
    ...(route.imports ?? []),
  ]);
  const files = [
    { file: '(inline route manifest)', gzip: gzipSync(inlineManifest, { level: 9 }).length },
    ...[...urls].map((url) => ({
      file: url,
      gzip: gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length,
    })),
  ];
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, total } = initialJavaScript(process.argv[2] ?? 'event');
  for (const f of files.sort((a, b) => b.gzip - a.gzip))
    console.log(`${String(f.gzip).padStart(8)}  ${f.file}`);
  console.log(`${String(total).padStart(8)}  total (bytes, gzip -9)`);
}
