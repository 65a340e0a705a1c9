import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { createTicketSigner } from './ticket-keys.ts';

const pem = String(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }));
// A configured key: the signer never touches the database.
const signer = createTicketSigner(null as never, pem);

describe('ticket QR tokens', () => {
  it('round-trip: a compact token verifies back to the ticket, event, lot, unit and version', async () => {
    const tid = randomUUID();
    const qr = await signer.sign({ tid, oid: randomUUID(), eid: 123_456, lot: 7_890_123, u: 11, v: 3 });
    expect(await signer.verify(qr)).toEqual({ tid, eid: 123_456, lot: 7_890_123, u: 11, v: 3 });
    // Version 10 at level M even with large ids (the long form was version 13).
    expect(qr.length).toBeLessThan(200);
    expect(QRCode.create(qr, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(10);
  });

  it('QR codes issued in the long form before still verify', async () => {
    const tid = randomUUID();
    const oid = randomUUID();
    const old = await new SignJWT({ tid, oid, eid: 1, lot: 2, u: 0 })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'ticket+jwt' })
      .setIssuedAt()
      .sign(await importPKCS8(pem, 'EdDSA'));
    expect(await signer.verify(old)).toMatchObject({ tid, oid, eid: 1, lot: 2, u: 0 });
  });

  it('a token altered by one character is refused', async () => {
    const qr = await signer.sign({ tid: randomUUID(), eid: 1, lot: 2, u: 0, v: 1 });
    const [header, payload, signature] = qr.split('.');
    const flipped = `${header}.${payload!.slice(0, -1)}${payload!.endsWith('A') ? 'B' : 'A'}.${signature}`;
    await expect(signer.verify(flipped)).rejects.toThrow();
  });
});
