/**
 * Issue 18: how the server process runs in production, written out in `package.json` ("start") and
 * the Dockerfile (ENV), and used by bench/pages.ts; scripts/production-node.int.test.ts keeps the
 * three the same. Measured there (60 s of mixed pages at 32 connections, PGlite): without them a
 * process held ~730 MB; with the V8 flags and two arenas ~480–500 MB; with the malloc thresholds too
 * ~375–445 MB. The young generation's semi-spaces (16 MB: 8 MB cost personal pages ~20 % more CPU in
 * collections) and the old generation's ceiling (320 MB) make V8 collect before it grows; two malloc
 * arenas stop the zlib and libuv threads from each keeping their own.
 * The thresholds: V8's optimising compiler, compiling one of PGlite's large WebAssembly functions,
 * takes ~650 MB of malloc'd zone memory at once (heaptrack); glibc's default raises its
 * mmap threshold after such frees and keeps the freed pages in its arenas for good (~120 MB resident
 * after start, before any request). A fixed mmap threshold sends blocks of 256 KB and more to mmap
 * (given back when freed) and a fixed trim threshold gives back a free top of an arena past 1 MB.
 * What start-up still leaves free inside the arenas (~50 MB) the process gives back itself
 * (apps/api/src/malloc-trim.ts: glibc's malloc_trim, at start and every MALLOC_TRIM_SECONDS).
 */
export const PRODUCTION_NODE_OPTIONS = '--max-semi-space-size=16 --max-old-space-size=320';
export const PRODUCTION_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '262144',
  MALLOC_TRIM_THRESHOLD_: '1048576',
} as const;
/** The same, as variables before a shell command. */
export const PRODUCTION_MALLOC_ASSIGNMENTS = Object.entries(PRODUCTION_MALLOC_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');
