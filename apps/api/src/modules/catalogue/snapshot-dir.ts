import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * This process's snapshot folder, `<DATA_DIR>/snapshots/<pid>`. Processes that share a DATA_DIR
 * (several on one PostgreSQL) each rebuild their own files at start, so one restarting never
 * empties the folder another is serving from (ENOTEMPTY races, 404s mid-restart). Folders of
 * processes that are gone, and the old shared layout, are removed.
 */
export function processSnapshotDir(dataDir: string, pid = process.pid): string {
  const base = path.join(dataDir, 'snapshots');
  mkdirSync(base, { recursive: true });
  for (const entry of readdirSync(base)) {
    const owner = /^\d+$/.test(entry) ? Number(entry) : null;
    if (owner === pid || (owner !== null && alive(owner))) continue;
    rmSync(path.join(base, entry), { recursive: true, force: true });
  }
  const own = path.join(base, String(pid));
  mkdirSync(own, { recursive: true });
  return own;
}
