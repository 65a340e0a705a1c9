/**
 * `npm run measure`: the figures of the consolidation table in docs/decisions.md, read off the
 * tree as it is. Product code is what ships: apps/api/src, apps/web/app and packages/*\/src,
 * without tests (`*.test.ts[x]`), test helpers (`testing/`) and generated route types.
 *
 * - product lines, files over 300 lines, functions over 80 lines (TypeScript's own parser);
 * - `as unknown as` casts;
 * - order, payment, ticket and transfer status literals (`status === 3`, `orderStatus !== 7`, …);
 * - loops between api module folders (apps/api/src/modules/<folder>, from import statements);
 * - `duplicates` pairs over product code only, and how many of them are not boilerplate.
 */
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAst } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const PRODUCT_ROOTS = ['apps/api/src', 'apps/web/app', 'packages/contracts/src', 'packages/domain/src'];

function isProduct(file: string) {
  return (
    /\.tsx?$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !file.includes('/testing/') &&
    !file.includes('/.react-router/') &&
    !file.endsWith('.d.ts')
  );
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return [full];
  });
}

export function productFiles(base = root) {
  return PRODUCT_ROOTS.flatMap((dir) => walk(path.join(base, dir)))
    .filter(isProduct)
    .map((file) => path.relative(base, file));
}

type TNode = { type?: string; start?: number; end?: number; [key: string]: unknown };
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Functions, methods and arrow functions longer than `limit` lines, outermost and nested alike (oxc's parser, through Vite). */
function longFunctions(file: string, text: string, limit: number) {
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const found: string[] = [];
  const own: string[] = [];
  // Returns the lines the node's nested functions take, so each function also has a count of its
  // own lines (a factory of small methods, a route table of small handlers: long, but not one long step).
  const visit = (node: unknown): number => {
    if (!node || typeof node !== 'object') return 0;
    if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + visit(child), 0);
    const current = node as TNode;
    let nested = 0;
    for (const value of Object.values(current))
      if (value && typeof value === 'object') nested += visit(value);
    if (
      current.type &&
      FUNCTIONS.has(current.type) &&
      current.start !== undefined &&
      current.end !== undefined
    ) {
      const first = lineOf(current.start);
      const size = lineOf(current.end) - first + 1;
      if (size > limit) found.push(`${file}:${first} (${size} lines)`);
      if (size - nested > limit) own.push(`${file}:${first} (${size - nested} own lines)`);
      return size;
    }
    return nested;
  };
  visit(parseAst(text, { lang: file.endsWith('x') ? 'tsx' : 'ts' }, file));
  return { found, own };
}

/** An order, payment, ticket or transfer status compared with its number (HTTP statuses have three digits). */
const STATUS_LITERAL = /\b\w*[sS]tatus\s*[!=]==?\s*\d{1,2}\b|\b\d{1,2}\s*[!=]==?\s*\w*[sS]tatus\b/g;

/** Module folders of apps/api/src/modules, and the cycles between them (each once). */
export function moduleLoops(base = root) {
  const modulesDir = path.join(base, 'apps/api/src/modules');
  const edges = new Map<string, Set<string>>();
  for (const file of walk(modulesDir).filter(isProduct)) {
    const from = path.relative(modulesDir, file).split(path.sep)[0] as string;
    if (!statSync(path.join(modulesDir, from)).isDirectory()) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']+)'/g)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), match[1] as string));
      const to = target.split(path.sep)[0] as string;
      if (target.startsWith('..') || to === from || !target.includes(path.sep)) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(to);
    }
  }
  const loops = new Set<string>();
  const search = (start: string, at: string, trail: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const cycle = [...trail];
        const first = cycle.indexOf([...cycle].sort()[0] as string);
        loops.add([...cycle.slice(first), ...cycle.slice(0, first)].join(' → '));
      } else if (!trail.includes(next) && trail.length < 6) search(start, next, [...trail, next]);
    }
  };
  for (const start of edges.keys()) search(start, start, [start]);
  return [...loops].sort();
}

/** `duplicates` over a copy (hard links) of product code alone: all pairs, and those not boilerplate. */
function duplicatePairs(files: string[]) {
  const copy = mkdtempSync(path.join(tmpdir(), 'measure-'));
  try {
    for (const file of files) {
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      linkSync(path.join(root, file), path.join(copy, file));
    }
    const out = execFileSync('duplicates', ['--repo', copy, '--most', '200', '--seconds', '120'], {
      encoding: 'utf8',
    });
    const rows = out.split('\n').filter((line) => /^D\d+ /.test(line));
    const total = Number(/(\d+) pairs?/.exec(out)?.[1] ?? rows.length);
    return { total, real: rows.filter((row) => !row.includes('boilerplate')).length, rows };
  } catch {
    return null;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function main() {
  const files = productFiles();
  let lines = 0;
  const big: string[] = [];
  const long: string[] = [];
  const longOwn: string[] = [];
  let casts = 0;
  const literals: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const count = text.split('\n').length;
    lines += count;
    if (count > 300) big.push(`${file} (${count})`);
    const functions = longFunctions(file, text, 80);
    long.push(...functions.found);
    longOwn.push(...functions.own);
    casts += text.split('as unknown as').length - 1;
    for (const match of text.matchAll(STATUS_LITERAL)) literals.push(`${file}: ${match[0]}`);
  }
  const loops = moduleLoops();
  const verbose = process.argv.includes('--list');
  const show = (title: string, list: string[]) =>
    verbose && list.length && console.log(`  ${title}:\n    ${list.join('\n    ')}`);
  console.log(`product files: ${files.length}, lines: ${lines}`);
  console.log(`files over 300 lines: ${big.length}`);
  show('files', big);
  console.log(`functions over 80 lines: ${long.length}`);
  show('functions', long);
  console.log(`functions over 80 lines of their own (nested functions not counted): ${longOwn.length}`);
  show('own', longOwn);
  console.log(`'as unknown as': ${casts}`);
  console.log(`status literals: ${literals.length}`);
  show('literals', literals);
  console.log(`api module folder loops: ${loops.length}`);
  show('loops', loops);
  if (!process.argv.includes('--no-duplicates')) {
    const pairs = duplicatePairs(files);
    if (pairs)
      console.log(`duplicates over product code: ${pairs.total} pairs, ${pairs.real} not boilerplate`);
    else console.log('duplicates: not available on this machine');
    if (pairs) show('pairs', pairs.rows);
  }
}

if (import.meta.main) main();
