import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../../..');
const GATEWAY_NAMES = /mercado\s?pago|stripe|pagbank|pagseguro|\byuno\b|\bmalga\b|pic\s?pay/i;
/** Paths of the spec's own API that carry a gateway's name (commerce §7), not a branch on it. */
const SPEC_PATHS = /\/api\/v1\/mercadopago\/payments\/|\/v1\/yuno\/start-checkout/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'build' || name === '.react-router') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * Issue 11: the payment gateway is a plug-in. Each adapter declares its card form, CSP origins,
 * webhook and capabilities; code outside adapters/payments/ never names a gateway (issue 32: not
 * even the configuration, which takes each plug-in's settings from its folder), so adding one
 * (Stripe, PagBank, ...) touches no route, page or use-case.
 */
describe('gateway names', () => {
  it('appear only in adapters/payments and test stand-ins (the configuration takes their settings from the plug-ins)', () => {
    const allowed = [
      path.join(repo, 'apps/api/src/adapters/payments') + path.sep,
      path.join(repo, 'apps/api/src/testing') + path.sep,
    ];
    const files = [...sources(path.join(repo, 'apps/api/src')), ...sources(path.join(repo, 'apps/web/app'))];
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !allowed.some((prefix) => file.startsWith(prefix)))
      .filter((file) => GATEWAY_NAMES.test(readFileSync(file, 'utf8').replace(SPEC_PATHS, '')))
      .map((file) => path.relative(repo, file));
    expect(offenders).toEqual([]);
  });
});
