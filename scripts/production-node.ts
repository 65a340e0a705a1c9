/**
 * Issue 18: how the server process runs in production, written out in `package.json` ("start") and
 * the Dockerfile (ENV), and used by bench/pages.ts; scripts/production-node.int.test.ts keeps the
 * three the same. Measured there (60 s of mixed pages at 32 connections, PGlite): without them a
 * process held ~730 MB; with them ~480 MB (~430 MB with 8 MB semi-spaces). The young generation's semi-spaces (16 MB: 8 MB cost personal pages ~20 % more CPU in collections) and the old
 * generation's ceiling (320 MB) make V8 collect before it grows; two malloc arenas stop the zlib
 * and libuv threads from each keeping their own.
 */
export const PRODUCTION_NODE_OPTIONS = '--max-semi-space-size=16 --max-old-space-size=320';
export const PRODUCTION_MALLOC_ARENA_MAX = '2';
