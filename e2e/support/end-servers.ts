import { afterAll, beforeAll } from 'vitest';
import { endServersOfThisFile, startOfFile } from './server.ts';

// The worker runs one journey file after another (vitest.config.ts): each starts afresh...
beforeAll(startOfFile);
// ...and its last hook ends any server it started, so none outlives it (e2e/support/server.ts).
afterAll(endServersOfThisFile);
