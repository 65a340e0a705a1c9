/**
 * `npm run bench`: every benchmark, one after the other (each needs the machine to itself).
 * Each reports ratios to a baseline measured in the same run and writes bench/results/*.json;
 * none fails the build. The cart's needs PostgreSQL (DATABASE_URL or a local server).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../scripts/build-web.ts';

const BENCHES = [
  'bench/catalogue-reads.ts',
  'bench/pages.ts',
  'bench/cart-onsale.ts',
  'bench/purchase.ts',
  'bench/waiting-room.ts',
  'bench/onsale-day.ts',
  'bench/hold-throttle.ts',
  'bench/oversized-bodies.ts',
  'bench/biometry.ts',
  'bench/support-search.ts',
  'bench/gate-sync.ts',
  'bench/gate-verify.ts',
];

let failed = 0;
for (const bench of BENCHES) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(process.execPath, [path.join(repoRoot, bench)], {
    stdio: 'inherit',
    cwd: repoRoot,
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
