import forge from 'node-forge';

/** Development only (npm run wallet:test-certs, the tests): a test CA, a WWDR-like intermediate and a pass certificate. */
export type TTestCerts = { caCert: string; wwdr: string; cert: string; key: string; passphrase: string };

function certificate(
  subject: string,
  publicKey: forge.pki.PublicKey,
  issuer: forge.pki.Certificate | null,
  signer: forge.pki.rsa.PrivateKey,
  ca: boolean,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `0${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: subject },
    { name: 'organizationName', value: 'Bilheto TEST' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(issuer ? issuer.subject.attributes : attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: ca },
    { name: 'keyUsage', digitalSignature: true, keyCertSign: ca },
  ]);
  cert.sign(signer, forge.md.sha256.create());
  return cert;
}

export function makeTestCerts(
  passTypeId = 'pass.br.com.bilheto.test',
  passphrase = 'test-passphrase',
): TTestCerts {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = certificate('Bilheto TEST Root CA', caKeys.publicKey, null, caKeys.privateKey, true);
  const wwdrKeys = forge.pki.rsa.generateKeyPair(2048);
  const wwdr = certificate(
    'Bilheto TEST WWDR-like intermediate',
    wwdrKeys.publicKey,
    ca,
    caKeys.privateKey,
    true,
  );
  const passKeys = forge.pki.rsa.generateKeyPair(2048);
  const pass = certificate(
    `Pass Type ID: ${passTypeId}`,
    passKeys.publicKey,
    wwdr,
    wwdrKeys.privateKey,
    false,
  );
  return {
    caCert: forge.pki.certificateToPem(ca),
    wwdr: forge.pki.certificateToPem(wwdr),
    cert: forge.pki.certificateToPem(pass),
    key: forge.pki.encryptRsaPrivateKey(passKeys.privateKey, passphrase),
    passphrase,
  };
}
