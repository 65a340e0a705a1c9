/**
 * drizzle-orm's query builder (`eq`, `sql`, `and`, …), for every module of the API, its tests and
 * the journeys: the one file that imports the package by name. Node resolves a bare specifier
 * again for each importing file, and drizzle-orm's `exports` map (some 450 entries, read anew each
 * time) made its 137 imports a quarter of a second of every process start (structure.test.ts keeps
 * it to this file and pg-core.ts).
 */
export * from 'drizzle-orm';

// Issue 37: drizzle's query text built with one instanceof per kind (fast-sql.ts), after the exports it reads.
import './fast-sql.ts';
