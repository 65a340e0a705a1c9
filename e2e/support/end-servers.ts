import { afterAll } from 'vitest';
import { endServersOfThisFile } from './server.ts';

// Each journey file's last hook: no server it started outlives it (e2e/support/server.ts).
afterAll(endServersOfThisFile);
