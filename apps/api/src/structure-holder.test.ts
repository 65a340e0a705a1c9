import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 32, "a holder object": a ticket holder travels as THolder (packages/contracts/src/holder.ts)
 * and the CPF helpers live once in packages/domain/src/cpf.ts. Each rule was seen failing on a
 * deliberate violation: `const digits = (v: string) => v.replace(/\D/g, '')` added to
 * apps/web/app/features/checkout/cpf-field.tsx (rule 1), `if (/^\d{11}$/.test(doc))` added to
 * apps/api/src/modules/checkout/my-tickets.ts (rule 2), `cpfsPerItem: string[][]` put back in
 * apps/api/src/modules/checkout/create-payment.ts and `line.cpfs` read in issue-tickets.ts (rule 3).
 */

const repo = path.resolve(import.meta.dirname, '../../..');
const CPF_HOME = path.join(repo, 'packages/domain/src/cpf.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'testing' || name.startsWith('+')) return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name) ? [full] : [];
  });
}

const product = [
  ...sources(path.join(repo, 'apps/api/src')),
  ...sources(path.join(repo, 'apps/web/app')),
  ...sources(path.join(repo, 'packages')),
].filter((file) => file !== CPF_HOME);

/** `file: snippet` for every match of `pattern` in `files`. */
function offenders(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => `${path.relative(repo, file)}: ${m[0]}`),
  );
}

describe('holders and CPF helpers (issue 32)', () => {
  it('defines no CPF helper outside packages/domain/src/cpf.ts (mask, hide, strip, digits)', () => {
    const names = 'hideCpf|maskCpf|stripCpfMask|isValidCpf|cpfDigits|isCpfDocument|hideDocument|digits';
    const helper = new RegExp(`\\bfunction\\s+(${names})\\b|\\bconst\\s+(${names})\\s*=\\s*\\(`, 'g');
    expect(offenders(product, helper)).toEqual([]);
  });

  it('tells a CPF from a foreign document only through isCpfDocument (no /^\\d{11}$/ elsewhere)', () => {
    expect(offenders(product, /\/\^\\d\{11\}\$\//g)).toEqual([]);
  });

  it('passes holders as THolder: CPF lists only at the edges of the spec payloads, stored lines read through lineHolders', () => {
    // The edges: the identification calls take the spec's CPF lists; a tab's older stored identification.
    const edges = new Set(['identification.ts', 'identification-store.ts']);
    const inside = [
      ...sources(path.join(repo, 'apps/api/src/modules')),
      ...sources(path.join(repo, 'apps/web/app')),
    ];
    const lists = /\bcpfs\??:\s*string\[\]|string\[\]\[\]|\bcpfsPerItem\b/g;
    expect(
      offenders(
        inside.filter((file) => !edges.has(path.basename(file))),
        lists,
      ),
    ).toEqual([]);
    expect(offenders(inside, /\blines?\.cpfs\b/g)).toEqual([]);
  });
});
