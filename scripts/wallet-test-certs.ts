import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTestCerts } from '../apps/api/src/modules/wallet/test-certs.ts';

/** npm run wallet:test-certs: test certificates for Apple Wallet passes in .wallet-test-certs/ (gitignored). Never for production. */
const dir = path.resolve('.wallet-test-certs');
mkdirSync(dir, { recursive: true });
const certs = makeTestCerts();
for (const [name, text] of Object.entries({
  'ca.pem': certs.caCert,
  'wwdr.pem': certs.wwdr,
  'pass-cert.pem': certs.cert,
  'pass-key.pem': certs.key,
}))
  writeFileSync(path.join(dir, name), text, { mode: 0o600 });
console.log(`Test certificates in ${dir}. Settings:
APPLE_WALLET_PASS_TYPE_ID=pass.br.com.bilheto.test
APPLE_WALLET_TEAM_ID=TESTTEAM01
APPLE_WALLET_CERT=${dir}/pass-cert.pem
APPLE_WALLET_KEY=${dir}/pass-key.pem
APPLE_WALLET_KEY_PASSPHRASE=${certs.passphrase}
APPLE_WALLET_WWDR_CERT=${dir}/wwdr.pem`);
