import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modules = path.join(import.meta.dirname, 'modules');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The module folder a path is in (`cart` for modules/cart/x/y.ts), or null outside a folder of modules/. */
function folderOf(file: string): string | null {
  const parts = path.relative(modules, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
}

/** Every relative import of a file, `import type` too: a type is a dependency between folders as well. */
function imports(text: string, file: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms))
    found.push(path.resolve(path.dirname(file), match[1]!));
  return found;
}

/** Folder -> folder -> one import that makes the edge (`file -> imported file`), for the message. */
export type TFolderGraph = Map<string, Map<string, string>>;

/** The graph between the folders of modules/ of some files (`texts`: file -> its source). */
export function folderGraph(texts: Map<string, string>): TFolderGraph {
  const graph: TFolderGraph = new Map();
  for (const [file, text] of texts) {
    const from = folderOf(file);
    if (!from) continue;
    for (const target of imports(text, file)) {
      const to = folderOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      graph.set(from, edges);
      if (!edges.has(to))
        edges.set(to, `${path.relative(modules, file)} -> ${path.relative(modules, target)}`);
    }
  }
  return graph;
}

/** The loops between folders, each written as its folders with the import that makes each step. */
export function folderLoops(graph: TFolderGraph): string[] {
  const loops: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (folder: string) => {
    state.set(folder, 'open');
    stack.push(folder);
    for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const steps = cycle.slice(1).map((to, i) => `  ${graph.get(cycle[i]!)!.get(to)}`);
        loops.push([cycle.join(' -> '), ...steps].join('\n'));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(folder, 'done');
  };
  for (const folder of [...graph.keys()].sort()) if (!state.has(folder)) visit(folder);
  return loops;
}

/**
 * Issue 32: the folders of apps/api/src/modules form no loop. A folder that needs another's code
 * sits above it; plumbing (transactions, raw rows, ids and tokens) lives in db/, a read model of
 * several modules in a folder above them (modules/visitor), and the outbox gets its renderers from
 * the composition root. Shown failing on a deliberate loop: adding
 * `import { sendSmsCode } from '../accounts/send-sms-code.ts';` to modules/outbox/backoff.ts made
 * the first test fail, printing `accounts -> outbox -> accounts` with both imports; removed again.
 */
describe('API module folders', () => {
  const texts = new Map(sources(modules).map((file) => [file, readFileSync(file, 'utf8')]));
  const graph = folderGraph(texts);

  it('import each other without a loop', () => {
    expect(graph.size).toBeGreaterThan(5);
    const loops = folderLoops(graph);
    expect(loops, `folder loops:\n${loops.join('\n')}`).toEqual([]);
  });

  it('sees a loop, through type imports and sub-folders too, and not an import within a folder', () => {
    const at = (name: string) => path.join(modules, name);
    const loop = folderGraph(
      new Map([
        [at('a/x.ts'), "import { b } from '../b/deep/y.ts';"],
        [at('b/deep/y.ts'), "import type { TC } from '../../c/z.ts';\nimport { y2 } from './y2.ts';"],
        [at('c/z.ts'), "export { a } from '../a/x.ts';"],
      ]),
    );
    expect(folderLoops(loop)).toEqual([
      'a -> b -> c -> a\n  a/x.ts -> b/deep/y.ts\n  b/deep/y.ts -> c/z.ts\n  c/z.ts -> a/x.ts',
    ]);
    const chain = folderGraph(
      new Map([
        [at('a/x.ts'), "import { b } from '../b/y.ts';\nimport { e } from '../app-error.ts';"],
        [at('b/y.ts'), "import { x } from './x.ts';\nimport { db } from '../../db/client.ts';"],
      ]),
    );
    expect(folderLoops(chain)).toEqual([]);
  });

  it('keeps the outbox free of feature modules: renderers come from the composition root', () => {
    expect([...(graph.get('outbox')?.values() ?? [])]).toEqual([]);
  });
});
