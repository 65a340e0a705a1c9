import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY_PLUGINS } from './adapters/payments/plugins.ts';

const payments = path.join(import.meta.dirname, 'adapters/payments');
/** What every gateway's folder holds: its declaration, plug-in, adapter, card form and contract run. */
const FOLDER_FILES = ['settings.ts', 'plugin.ts', 'adapter.ts', 'card-form.js', 'contract.int.test.ts'];

/** The gateway folders under adapters/payments (contract/ holds the shared suite, not a gateway). */
function gatewayFolders(): string[] {
  return readdirSync(payments)
    .filter((name) => name !== 'contract' && statSync(path.join(payments, name)).isDirectory())
    .sort();
}

/**
 * Issue 32: a gateway is a plug-in folder. Adding one touches its folder (adapters/payments/<kind>/:
 * settings.ts, plugin.ts, adapter.ts, card-form.js, webhook.ts, tests) and one line of plugins.ts.
 * Negative controls (run once, then removed): an empty folder adapters/payments/acme/ failed the
 * first two cases; a FOO_TOKEN variable written into config.ts failed the third; a second plug-in
 * declaring '/api/webhooks/stripe' failed the fourth.
 */
describe('gateway plug-ins', () => {
  it('each folder holds its declaration, plug-in, adapter, card form and a run of the contract suite', () => {
    const missing = gatewayFolders().flatMap((folder) =>
      FOLDER_FILES.filter((file) => !existsSync(path.join(payments, folder, file))).map(
        (file) => `${folder}/${file}`,
      ),
    );
    expect(missing).toEqual([]);
    for (const folder of gatewayFolders())
      expect(readFileSync(path.join(payments, folder, 'contract.int.test.ts'), 'utf8')).toMatch(
        new RegExp(`gatewayContract\\(\\s*'${folder}'`),
      );
  });

  it('the registry lists every folder, named by its kind', () => {
    expect(GATEWAY_PLUGINS.map((plugin) => plugin.kind).sort()).toEqual(gatewayFolders());
  });

  it("config.ts names no gateway's variable: each plug-in declares its own", () => {
    const config = readFileSync(path.join(import.meta.dirname, 'config.ts'), 'utf8');
    const variables = GATEWAY_PLUGINS.flatMap((plugin) => Object.keys(plugin.settings));
    const prefixes = [...new Set(variables.map((name) => name.split('_')[0]!))];
    expect(variables.length).toBeGreaterThan(20);
    expect(variables.filter((name) => config.includes(name))).toEqual([]);
    expect(
      config.match(/\b[A-Z]+_[A-Z_]+\b/g)?.filter((name) => prefixes.includes(name.split('_')[0]!)),
    ).toEqual(
      // PIX_EXPIRY_SECONDS is the checkout's (every gateway's Pix), not the sandbox's receiver.
      ['PIX_EXPIRY_SECONDS'],
    );
  });

  it('each plug-in has its own webhook path and card-form path', () => {
    const webhooks = GATEWAY_PLUGINS.map((plugin) => plugin.webhookPath).filter((p) => p !== null);
    const forms = GATEWAY_PLUGINS.map((plugin) => plugin.cardFormPath);
    expect(new Set(webhooks).size).toBe(webhooks.length);
    expect(new Set(forms).size).toBe(forms.length);
  });
});
