import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'build' || name === '.react-router') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const product = ['apps/api/src', 'apps/web/app', 'packages/domain/src', 'packages/contracts/src'].flatMap(
  (dir) => sources(path.join(repo, dir)),
);
const relative = (file: string) => path.relative(repo, file);

/**
 * Issue 32: one escaper and one e-mail shell. Shown failing: a `const escapeHtml = (t: string) => t;`
 * added to apps/api/src/http/routes/dev-outbox.ts failed the first case with that file named, and
 * the e-mail shell pasted back into modules/transfers/transfer-mails.ts failed the second; both
 * removed, both pass.
 */
describe('HTML written by hand', () => {
  it('escapes with the one escapeHtml of packages/domain/src/html.ts', () => {
    const copies = product
      .filter((file) => /(const|function)\s+escapeHtml\b/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(copies).toEqual(['packages/domain/src/html.ts']);
  });

  it('draws every e-mail in the one layout of adapters/mail/layout.ts', () => {
    const shells = product
      .filter((file) => readFileSync(file, 'utf8').includes('<!doctype html><html><body style='))
      .map(relative);
    expect(shells).toEqual(['apps/api/src/adapters/mail/layout.ts']);
  });
});
