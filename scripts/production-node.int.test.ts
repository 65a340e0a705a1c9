import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './build-web.ts';
import {
  PRODUCTION_MALLOC_ASSIGNMENTS,
  PRODUCTION_MALLOC_ENV,
  PRODUCTION_NODE_OPTIONS,
} from './production-node.ts';

describe('the production memory settings', () => {
  it('are the same for npm start, the image and the benchmark', () => {
    const start = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts
      .start as string;
    expect(start).toBe(`${PRODUCTION_MALLOC_ASSIGNMENTS} node ${PRODUCTION_NODE_OPTIONS} scripts/start.ts`);
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`NODE_OPTIONS="${PRODUCTION_NODE_OPTIONS}"`);
    for (const [name, value] of Object.entries(PRODUCTION_MALLOC_ENV))
      expect(dockerfile).toContain(`${name}=${value}`);
  });
});
