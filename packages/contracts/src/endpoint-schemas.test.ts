import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_SCHEMAS } from './endpoint-schemas.ts';
import { ENDPOINTS } from './endpoints.ts';

describe('the endpoint schema table', () => {
  it('has schemas for exactly the calls of the endpoint table', () => {
    // The compiler already refuses a missing or unknown name (satisfies Record<TEndpointName, …>);
    // this is the same promise at run time, for a table built some other way later.
    expect(Object.keys(ENDPOINT_SCHEMAS).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it('keeps the endpoint table free of zod, so the browser ships no schema code with it', () => {
    const source = readFileSync(new URL('./endpoints.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from ['"]zod['"]|from ['"]\.\/(?!operation)/);
  });

  it('parses what a client sends and refuses what the routes refuse', () => {
    expect(ENDPOINT_SCHEMAS.addToCart.body.safeParse({ lotId: 7, quantity: 2 }).success).toBe(true);
    expect(ENDPOINT_SCHEMAS.addToCart.body.safeParse({ lotId: 7, quantity: 'two' }).success).toBe(false);
    expect(ENDPOINT_SCHEMAS.installments.query.safeParse({ value: '120.5' }).data).toEqual({ value: 120.5 });
    expect(ENDPOINT_SCHEMAS.installments.query.safeParse({ value: '-1' }).success).toBe(false);
  });
});
