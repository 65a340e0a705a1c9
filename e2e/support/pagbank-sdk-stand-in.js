// A stand-in for PagBank's JS SDK (https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js),
// served to the browser through page.route by e2e/checkout-pagbank.e2e.ts. It follows the documented surface:
// PagSeguro.encryptCard({ publicKey, holder, number, expMonth, expYear, securityCode }) answers, without calling
// anyone, { encryptedCard, hasErrors, errors: [{ code, message }] }, the card encrypted with RSA and the
// account's public key (base64 DER, as PagBank hands it out). The blob is the one
// apps/api/src/testing/pagbank-stand-in.ts decrypts (PKCS#1 v1.5 over number;cvv;month;year;holder;time).
(() => {
  const bytesOf = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const read = (der, at) => {
    let length = der[at + 1];
    let start = at + 2;
    if (length & 0x80) {
      const count = length & 0x7f;
      length = 0;
      for (let i = 0; i < count; i += 1) length = length * 256 + der[start + i];
      start += count;
    }
    return { start, end: start + length };
  };
  /** SubjectPublicKeyInfo: SEQUENCE { SEQUENCE algorithm, BIT STRING { SEQUENCE { n, e } } }. */
  const keyOf = (publicKey) => {
    const der = bytesOf(publicKey);
    const spki = read(der, 0);
    const algorithm = read(der, spki.start);
    const bits = read(der, algorithm.end);
    const rsa = read(der, bits.start + 1);
    const n = read(der, rsa.start);
    const e = read(der, n.end);
    const modulus = BigInt(`0x${hex(der.slice(n.start, n.end))}`);
    return {
      n: modulus,
      e: BigInt(`0x${hex(der.slice(e.start, e.end))}`),
      size: (modulus.toString(16).length + 1) >> 1,
    };
  };
  const encrypt = (key, text) => {
    const data = new TextEncoder().encode(text);
    const block = new Uint8Array(key.size);
    const pad = key.size - 3 - data.length;
    if (pad < 8) throw new Error('message too long');
    const random = crypto.getRandomValues(new Uint8Array(pad));
    block[1] = 2;
    for (let i = 0; i < pad; i += 1) block[2 + i] = random[i] || 1;
    block.set(data, 3 + pad);
    let base = BigInt(`0x${hex(block)}`) % key.n;
    let result = 1n;
    for (let e = key.e; e > 0n; e >>= 1n) {
      if (e & 1n) result = (result * base) % key.n;
      base = (base * base) % key.n;
    }
    const out = result.toString(16).padStart(key.size * 2, '0');
    let binary = '';
    for (let i = 0; i < out.length; i += 2)
      binary += String.fromCharCode(Number.parseInt(out.slice(i, i + 2), 16));
    return btoa(binary);
  };
  const error = (code, message) => ({ code, message });
  window.PagSeguro = {
    env: { PROD: 'PROD', SANDBOX: 'SANDBOX' },
    setUp() {},
    encryptCard(card) {
      const errors = [];
      if (!/^\d{13,19}$/.test(card.number ?? ''))
        errors.push(error('INVALID_NUMBER', 'invalid field `number`'));
      if (!/^\d{3,4}$/.test(card.securityCode ?? ''))
        errors.push(error('INVALID_SECURITY_CODE', 'invalid field `securityCode`'));
      if (!/^(0?[1-9]|1[0-2])$/.test(card.expMonth ?? ''))
        errors.push(error('INVALID_EXPIRATION_MONTH', 'invalid field `expMonth`'));
      if (!/^\d{4}$/.test(card.expYear ?? ''))
        errors.push(error('INVALID_EXPIRATION_YEAR', 'invalid field `expYear`'));
      if (!card.holder) errors.push(error('INVALID_HOLDER', 'invalid field `holder`'));
      let key = null;
      try {
        key = keyOf(card.publicKey ?? '');
      } catch {
        errors.push(error('INVALID_PUBLIC_KEY', 'invalid `publicKey`'));
      }
      if (errors.length) return { hasErrors: true, errors, encryptedCard: null };
      const plain = [
        card.number,
        card.securityCode,
        card.expMonth,
        card.expYear,
        card.holder,
        Date.now(),
      ].join(';');
      return { hasErrors: false, errors: [], encryptedCard: encrypt(key, plain) };
    },
  };
})();
