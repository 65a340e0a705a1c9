import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processSnapshotDir } from './snapshot-dir.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'snapshot-dir-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('processSnapshotDir', () => {
  it("gives each process its own folder, keeps a live process's, removes the dead's and the old layout", () => {
    const base = path.join(dataDir, 'snapshots');
    const live = path.join(base, String(process.ppid));
    const dead = path.join(base, '2147483646');
    const legacy = path.join(base, 'getEventTicketsBySlug');
    for (const dir of [live, dead, legacy]) mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(live, 'nextEvents.json'), '{}');
    const own = processSnapshotDir(dataDir);
    expect(own).toBe(path.join(base, String(process.pid)));
    expect(existsSync(own)).toBe(true);
    expect(existsSync(path.join(live, 'nextEvents.json'))).toBe(true);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(legacy)).toBe(false);
  });
});
