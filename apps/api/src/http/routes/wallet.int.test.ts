import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalApplePush } from '../../adapters/apple-push/index.ts';
import { voidTickets } from '../../modules/tickets/void-tickets.ts';
import { pushAppleUpdates } from '../../modules/wallet/apple-updates.ts';
import { localGoogleObjects, syncGoogleStates } from '../../modules/wallet/google-objects.ts';
import { walletOffLines, walletSettings } from '../../modules/wallet/settings.ts';
import { makeTestCerts } from '../../modules/wallet/test-certs.ts';
import { register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { gateTools } from '../../testing/gate.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import { unzip } from '../../testing/zip.ts';

const PASS_TYPE = 'pass.br.com.bilheto.test';
const certs = makeTestCerts(PASS_TYPE);
const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account = {
  client_email: 'wallet@bilheto-test.iam.gserviceaccount.com',
  private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  private_key_id: 'test-key-1',
};
const SETTINGS = {
  CAPTCHA_PROVIDER: 'off',
  APPLE_WALLET_PASS_TYPE_ID: PASS_TYPE,
  APPLE_WALLET_TEAM_ID: 'TESTTEAM01',
  APPLE_WALLET_CERT: certs.cert,
  APPLE_WALLET_KEY: certs.key,
  APPLE_WALLET_KEY_PASSPHRASE: certs.passphrase,
  APPLE_WALLET_WWDR_CERT: certs.wwdr,
  GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
  GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(account),
};

/** The detached PKCS#7 signature of the manifest, checked by OpenSSL against the test CA (chain via the WWDR-like cert). */
function signatureVerifies(manifest: Buffer, signature: Buffer): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkpass-'));
  const file = (name: string, data: Buffer | string) => {
    writeFileSync(path.join(dir, name), data);
    return path.join(dir, name);
  };
  try {
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-purpose',
        'any',
        '-in',
        file('signature', signature),
        '-content',
        file('manifest.json', manifest),
        '-CAfile',
        file('ca.pem', certs.caCert),
        '-certfile',
        file('wwdr.pem', certs.wwdr),
        '-out',
        path.join(dir, 'out'),
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

describe.each(testDatabases())('wallet passes on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let tools: ReturnType<typeof gateTools>;

  beforeAll(async () => {
    t = await createTestApp(kind, SETTINGS);
    f = await createCartFixture(t.database.db, { lotCapacity: 20 });
    tools = gateTools(t, f, await staffSession(t.database.db, { role: 'gate', eventIds: [f.eventId] }));
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const pkpass = async (ticketId: string, cookie: string) => {
    const response = await t.request(`/api/tickets/${ticketId}/wallet/apple.pkpass`, withCookie(cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    return unzip(Buffer.from(await response.arrayBuffer()));
  };

  it('signs a .pkpass: pass.json fields, manifest SHA-1 of every file, signature verified; the barcode by mode', async () => {
    await tools.mode('static');
    const {
      buyer,
      tickets: [ticket],
    } = await tools.bought(1);
    const mine = await tools.myTickets(buyer.person.cookie);
    expect(mine.wallet).toEqual({ apple: true, google: true });
    const files = await pkpass(ticket!.id, buyer.person.cookie);
    const pass = JSON.parse(files.get('pass.json')!.toString());
    const event = mine.upcoming.find((e) => e.eventId === f.eventId)!;
    const shown = event.tickets.find((k) => k.id === ticket!.id)!;
    expect(pass).toMatchObject({
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: 'TESTTEAM01',
      serialNumber: `${ticket!.id}.1`,
      webServiceURL: expect.stringMatching(/\/api\/wallet\/apple$/),
      barcodes: [{ message: ticket!.qr, format: 'PKBarcodeFormatQR' }],
    });
    const fields = Object.fromEntries(
      ['primaryFields', 'secondaryFields', 'auxiliaryFields'].flatMap((k) =>
        pass.eventTicket[k].map((x: { key: string; value: string }) => [x.key, x.value]),
      ),
    );
    expect(fields.event).toBe(event.eventName);
    expect(fields.venue).toBe(event.place);
    expect(fields.sector).toContain(shown.sectionName);
    expect(fields.holder).toBe(shown.holderName ?? '');
    expect(pass.relevantDate).toBe(event.startsAt);
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    const listed = [...files.keys()].filter((n) => n !== 'manifest.json' && n !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(listed);
    for (const name of listed)
      expect(manifest[name]).toBe(createHash('sha1').update(files.get(name)!).digest('hex'));
    expect(signatureVerifies(files.get('manifest.json')!, files.get('signature')!)).toBe(true);
    const tampered = Buffer.from(
      files.get('manifest.json')!.toString().replace('"pass.json"', '"pass.jsom"'),
    );
    expect(signatureVerifies(tampered, files.get('signature')!)).toBe(false);

    await tools.mode('rotating');
    expect(
      JSON.parse((await pkpass(ticket!.id, buyer.person.cookie)).get('pass.json')!.toString()).barcodes,
    ).toBeUndefined();
    await tools.mode('rotating_printable');
    expect(
      JSON.parse((await pkpass(ticket!.id, buyer.person.cookie)).get('pass.json')!.toString()).barcodes[0]
        .message,
    ).toBe(ticket!.qr);
    await tools.mode('static');
    const other = await register(t);
    expect(
      (await t.request(`/api/tickets/${ticket!.id}/wallet/apple.pkpass`, withCookie(other.cookie))).status,
    ).toBe(404);
  });

  it('serves the PassKit web service; a transfer makes the old pass answer voided; Google gets EXPIRED', async () => {
    const {
      buyer,
      tickets: [ticket],
    } = await tools.bought(1);
    const pass = JSON.parse((await pkpass(ticket!.id, buyer.person.cookie)).get('pass.json')!.toString());
    const link = await t
      .request(`/api/tickets/${ticket!.id}/wallet/google`, withCookie(buyer.person.cookie))
      .then((r) => r.json());
    const base = `/api/wallet/apple/v1`;
    const auth = {
      authorization: `ApplePass ${pass.authenticationToken}`,
      'content-type': 'application/json',
    };
    const reg = `${base}/devices/dev-1/registrations/${PASS_TYPE}/${pass.serialNumber}`;
    const bad = await t.request(reg, {
      method: 'POST',
      headers: { ...auth, authorization: 'ApplePass wrong' },
      body: '{"pushToken":"p"}',
    });
    expect(bad.status).toBe(401);
    expect(
      (await t.request(reg, { method: 'POST', headers: auth, body: '{"pushToken":"push-1"}' })).status,
    ).toBe(201);
    expect(
      (await t.request(reg, { method: 'POST', headers: auth, body: '{"pushToken":"push-1"}' })).status,
    ).toBe(200);
    const first = await t.request(`${base}/devices/dev-1/registrations/${PASS_TYPE}`).then((r) => r.json());
    expect(first.serialNumbers).toEqual([pass.serialNumber]);
    expect(
      (
        await t.request(
          `${base}/devices/dev-1/registrations/${PASS_TYPE}?passesUpdatedSince=${first.lastUpdated}`,
        )
      ).status,
    ).toBe(204);
    const latest = await t.request(`${base}/passes/${PASS_TYPE}/${pass.serialNumber}`, { headers: auth });
    expect(latest.status).toBe(200);
    const modified = latest.headers.get('last-modified')!;
    expect(
      (
        await t.request(`${base}/passes/${PASS_TYPE}/${pass.serialNumber}`, {
          headers: { ...auth, 'if-modified-since': modified },
        })
      ).status,
    ).toBe(304);

    const apns = createLocalApplePush();
    const pushedTo = (token: string) => apns.pushes.filter((p) => p.pushToken === token);
    await pushAppleUpdates(t.database.db, apns);
    expect(pushedTo('push-1')).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const to = await register(t);
    await tools.transfer(ticket!, to);
    await pushAppleUpdates(t.database.db, apns);
    await pushAppleUpdates(t.database.db, apns);
    expect(pushedTo('push-1')).toEqual([{ pushToken: 'push-1', topic: PASS_TYPE }]);
    const changed = await t
      .request(`${base}/devices/dev-1/registrations/${PASS_TYPE}?passesUpdatedSince=${first.lastUpdated}`)
      .then((r) => r.json());
    expect(changed.serialNumbers).toEqual([pass.serialNumber]);
    const voided = await t.request(`${base}/passes/${PASS_TYPE}/${pass.serialNumber}`, {
      headers: { ...auth, 'if-modified-since': modified },
    });
    expect(voided.status).toBe(200);
    const old = JSON.parse(
      unzip(Buffer.from(await voided.arrayBuffer()))
        .get('pass.json')!
        .toString(),
    );
    expect(old).toMatchObject({ voided: true, serialNumber: pass.serialNumber });
    expect(old.barcodes).toBeUndefined();
    expect(
      (await t.request(`/api/tickets/${ticket!.id}/wallet/apple.pkpass`, withCookie(buyer.person.cookie)))
        .status,
    ).toBe(404);
    const theirs = JSON.parse((await pkpass(ticket!.id, to.cookie)).get('pass.json')!.toString());
    expect(theirs.serialNumber).toBe(`${ticket!.id}.2`);

    const objects = localGoogleObjects();
    const wallet = walletSettings(t.config);
    expect(await syncGoogleStates(t.database.db, wallet.google!, objects)).toBe(1);
    expect(objects.calls).toEqual([
      { objectId: `3388000000012345678.${pass.serialNumber}`, state: 'EXPIRED' },
    ]);
    expect(await syncGoogleStates(t.database.db, wallet.google!, objects)).toBe(0);
    expect(link.url).toBe(`https://pay.google.com/gp/v/save/${link.jwt}`);
  });

  it("answers a refunded ticket's pass as voided (voidTickets, the one writer of the void mark)", async () => {
    const {
      buyer,
      tickets: [ticket],
    } = await tools.bought(1);
    const pass = JSON.parse((await pkpass(ticket!.id, buyer.person.cookie)).get('pass.json')!.toString());
    const latest = () =>
      t.request(`/api/wallet/apple/v1/passes/${PASS_TYPE}/${pass.serialNumber}`, {
        headers: { authorization: `ApplePass ${pass.authenticationToken}` },
      });
    const before = JSON.parse(
      unzip(Buffer.from(await (await latest()).arrayBuffer()))
        .get('pass.json')!
        .toString(),
    );
    expect(before.voided).toBe(false);
    const other = await tools.bought(1);
    const unchanged = JSON.parse(
      (await pkpass(other.tickets[0]!.id, other.buyer.person.cookie)).get('pass.json')!.toString(),
    );
    for (const [p, token] of [
      [pass, 'push-refund'],
      [unchanged, 'push-unchanged'],
    ] as const) {
      const registered = await t.request(
        `/api/wallet/apple/v1/devices/dev-${token}/registrations/${PASS_TYPE}/${p.serialNumber}`,
        {
          method: 'POST',
          headers: {
            authorization: `ApplePass ${p.authenticationToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ pushToken: token }),
        },
      );
      expect(registered.status).toBe(201);
    }
    const apns = createLocalApplePush();
    await voidTickets(t.database.db, ticket!.orderId, [ticket!.id], 'refunded');
    await pushAppleUpdates(t.database.db, apns);
    await pushAppleUpdates(t.database.db, apns);
    expect(apns.pushes.filter((p) => p.pushToken === 'push-refund')).toEqual([
      { pushToken: 'push-refund', topic: PASS_TYPE },
    ]);
    expect(apns.pushes.filter((p) => p.pushToken === 'push-unchanged')).toEqual([]);
    const after = JSON.parse(
      unzip(Buffer.from(await (await latest()).arrayBuffer()))
        .get('pass.json')!
        .toString(),
    );
    expect(after).toMatchObject({ voided: true, serialNumber: pass.serialNumber });
    expect(after.barcodes).toBeUndefined();
  });

  it('signs the Google save link (RS256, savetowallet) with the service account key', async () => {
    await tools.mode('static');
    const {
      buyer,
      tickets: [ticket],
    } = await tools.bought(1);
    const { jwt } = await t
      .request(`/api/tickets/${ticket!.id}/wallet/google`, withCookie(buyer.person.cookie))
      .then((r) => r.json());
    const [h, c, s] = jwt.split('.');
    const ok = verify('sha256', Buffer.from(`${h}.${c}`), google.publicKey, Buffer.from(s, 'base64url'));
    expect(ok).toBe(true);
    expect(verify('sha256', Buffer.from(`${h}.${c}x`), google.publicKey, Buffer.from(s, 'base64url'))).toBe(
      false,
    );
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: 'test-key-1',
    });
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString());
    expect(claims).toMatchObject({ iss: account.client_email, aud: 'google', typ: 'savetowallet' });
    const object = claims.payload.eventTicketObjects[0];
    expect(object).toMatchObject({
      id: `3388000000012345678.${ticket!.id}.1`,
      classId: `3388000000012345678.event-${f.eventId}`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: ticket!.qr },
    });
    expect(claims.payload.eventTicketClasses[0].id).toBe(object.classId);
  });
});

describe.each(testDatabases())('no wallet settings on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  it('offers no wallet and serves no pass', async () => {
    const person = await register(t);
    const mine = await t.request('/api/tickets/mine', withCookie(person.cookie)).then((r) => r.json());
    expect(mine.wallet).toEqual({ apple: false, google: false });
    const lines = walletOffLines(walletSettings(t.config)).join('\n');
    expect(lines).toContain('APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERT');
    expect(lines).toContain('GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT');
    expect((await t.request('/api/tickets/x/wallet/apple.pkpass', withCookie(person.cookie))).status).toBe(
      404,
    );
    expect((await t.request('/api/tickets/x/wallet/google', withCookie(person.cookie))).status).toBe(404);
  });
});
