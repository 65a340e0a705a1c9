import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './build-web.ts';
import { apiPathLiterals, rawFetches } from './check-web.ts';

const probeDir = mkdtempSync(path.join(tmpdir(), 'check-web-'));
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

/**
 * Biome lints `source` as the file at `file` with the project's rules (the overrides apply by
 * path), in a folder of its own outside the repository: a probe written into apps/web/app made
 * the web build look stale, and a test of the run beside rebuilt it while journeys' servers read it.
 */
function lintAs(file: string, source: string) {
  const biome = path.join(repoRoot, 'node_modules/.bin/biome');
  const root = mkdtempSync(path.join(probeDir, 'lint-'));
  const config = JSON.parse(readFileSync(path.join(repoRoot, 'biome.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(root, 'biome.json'), JSON.stringify(config));
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), source);
  return spawnSync(biome, ['lint', file], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Issue 11: `npm run check` keeps the web's shape: features apart, API paths in one table. */
describe('the web check', () => {
  it('fails on a feature importing another feature, or reaching out with ../', () => {
    const crossing = lintAs(
      'apps/web/app/features/cart/zz-boundary-probe.tsx',
      "import { CpfField } from '~/features/checkout/cpf-field.tsx';\nexport const probe = CpfField;\n",
    );
    expect(crossing.status).not.toBe(0);
    expect(crossing.stdout + crossing.stderr).toContain('Features never import each other');
    const relative = lintAs(
      'apps/web/app/features/cart/zz-boundary-probe.tsx',
      "import { CpfField } from '../checkout/cpf-field.tsx';\nexport const probe = CpfField;\n",
    );
    expect(relative.status).not.toBe(0);
    const own = lintAs(
      'apps/web/app/features/cart/zz-boundary-probe.tsx',
      "import { syncCart } from '~/features/cart/cart-actions.ts';\nexport const probe = syncCart;\n",
    );
    expect(own.status).toBe(0);
  });

  it('fails on a web file that writes an API path, and passes the web as it is', () => {
    mkdirSync(path.join(probeDir, 'features'), { recursive: true });
    writeFileSync(
      path.join(probeDir, 'features/probe.ts'),
      "export const load = () => fetch('/api/v3/getcart');\nexport const ok = '/meus-ingressos';\n",
    );
    expect(apiPathLiterals(probeDir)).toEqual([
      `${path.join(probeDir, 'features/probe.ts')}:1  '/api/v3/getcart'`,
    ]);
    expect(apiPathLiterals(path.join(repoRoot, 'apps/web/app'))).toEqual([]);
    const run = spawnSync(path.join(repoRoot, 'node_modules/.bin/node'), ['scripts/check-web.ts'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
  });

  it('fails on a web file that calls fetch itself, outside the typed client', () => {
    const dir = mkdtempSync(path.join(probeDir, 'fetch-'));
    mkdirSync(path.join(dir, 'routes'), { recursive: true });
    mkdirSync(path.join(dir, 'shared'), { recursive: true });
    const file = path.join(dir, 'routes/probe.ts');
    writeFileSync(
      file,
      "import { apiPath } from '@ingressos/contracts/endpoints';\nexport const load = () =>\n  fetch(apiPath('getCart'));\n",
    );
    // The client itself, and a method named fetch on something else, are not raw calls.
    writeFileSync(
      path.join(dir, 'shared/api-client.ts'),
      'export const send = (url: string) => fetch(url);\n',
    );
    writeFileSync(
      path.join(dir, 'routes/app.ts'),
      "export const go = (app: { fetch: (u: string) => void }) => app.fetch('/');\n",
    );
    expect(rawFetches(dir)).toEqual([`${file}:3  fetch(apiPath('getCart'));`]);
    expect(rawFetches(path.join(repoRoot, 'apps/web/app'))).toEqual([]);
  });
});
