import type { TGateTicket } from '@ingressos/contracts/gate';
import {
  hotp,
  rotatingQrText,
  stepAt,
  ticketRotationSecret,
  toBase64Url,
} from '@ingressos/domain/rotating-code';
import { beforeAll, describe, expect, it } from 'vitest';
import { decideScan, importGateKey, type TGateContext } from './verify.ts';

/** Issue 35: the gate's offline decision, over passes signed here as the ticket signer signs them. */
const EVENT = 41;
const NOW = Date.UTC(2026, 10, 29, 20, 0, 0);
const rotationKey = new Uint8Array(32).fill(7);
const b64 = (data: Uint8Array) => toBase64Url(data);
const json = (value: unknown) => b64(new TextEncoder().encode(JSON.stringify(value)));
const packed = (uuid: string) =>
  b64(Uint8Array.from(uuid.replace(/-/g, '').match(/../g)!, (h) => Number.parseInt(h, 16)));

let keys: CryptoKeyPair;
let context: TGateContext;
const list = new Map<string, TGateTicket>();

async function pass(claims: Record<string, unknown>, key = keys.privateKey): Promise<string> {
  const head = `${json({ alg: 'EdDSA' })}.${json(claims)}`;
  const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', key, new TextEncoder().encode(head)));
  return `${head}.${b64(signature)}`;
}
function listed(id: string, extra: Partial<TGateTicket> = {}) {
  const row: TGateTicket = {
    id,
    v: 1,
    section: 'Pista',
    ticket: 'Meia',
    place: null,
    holderName: 'Maria',
    cpfMasked: '***.456.789-**',
    cpfHash: '',
    orderCode: 'ABCD1234',
    halfPrice: 'student',
    voided: false,
    checkedInAt: null,
    checkInGate: null,
    ...extra,
  };
  list.set(id, row);
  return row;
}
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
  context = {
    eventId: EVENT,
    ticketCode: 'rotating_printable',
    publicKey: await importGateKey({ ...jwk, alg: 'EdDSA', use: 'sig' }),
    rotationKey,
    // 20:00 in São Paulo on NOW's day (NOW is 17:00 there).
    startsAt: '2026-11-29T23:00:00.000Z',
    timeZone: 'America/Sao_Paulo',
    sections: null,
    ticket: async (id) => list.get(id),
    nowMs: () => NOW,
  };
});

describe('decideScan', () => {
  it('lets in a listed ticket of this event and names it', async () => {
    listed(uuid(1));
    const verdict = await decideScan(await pass({ t: packed(uuid(1)), e: EVENT, l: 1, u: 1 }), context);
    expect(verdict).toMatchObject({ result: 'ok', claims: { tid: uuid(1), eid: EVENT, v: 1 } });
    expect(verdict.ticket?.halfPrice).toBe('student');
  });

  it('refuses in the server’s order: foreign, older version, refunded, used, unlisted, forged', async () => {
    listed(uuid(2), { v: 2 });
    listed(uuid(3), { voided: true });
    listed(uuid(4), { checkedInAt: '2026-11-29T19:00:00.000Z', checkInGate: 'Portão A' });
    const claims = (n: number, more = {}) => ({ t: packed(uuid(n)), e: EVENT, l: 1, u: 1, ...more });
    const decide = async (c: Record<string, unknown>) => (await decideScan(await pass(c), context)).result;
    expect(await decide(claims(1, { e: EVENT + 1 }))).toBe('wrong_event');
    expect(await decide(claims(2))).toBe('revoked');
    expect(await decide(claims(2, { v: 2 }))).toBe('ok');
    expect(await decide(claims(3))).toBe('refunded');
    expect(await decide(claims(4))).toBe('already_used');
    expect(await decide(claims(99))).toBe('invalid');
    const other = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
    expect((await decideScan(await pass(claims(1), other.privateKey), context)).result).toBe('invalid');
    expect((await decideScan('not a ticket', context)).result).toBe('invalid');
  });

  it('checks a rotating code against the gate’s clock, one step either side', async () => {
    listed(uuid(5));
    const jws = await pass({ t: packed(uuid(5)), e: EVENT, l: 1, u: 1 });
    const secret = await ticketRotationSecret(rotationKey, uuid(5), 1);
    const at = async (offsetSteps: number) => {
      const step = stepAt(NOW) + offsetSteps;
      return (await decideScan(rotatingQrText(jws, step, await hotp(secret, step)), context)).result;
    };
    expect(await at(0)).toBe('ok');
    expect(await at(-1)).toBe('ok');
    expect(await at(-2)).toBe('stale_code');
    expect(await at(2)).toBe('stale_code');
    const wrong = rotatingQrText(jws, stepAt(NOW), await hotp(secret, stepAt(NOW) + 9));
    expect((await decideScan(wrong, context)).result).toBe('invalid');
    // A static QR at an event that shows only rotating codes.
    expect((await decideScan(jws, { ...context, ticketCode: 'rotating' })).result).toBe(
      'static_not_accepted',
    );
  });

  it('refuses another day than the event’s on the venue’s clock, but lets in until 06:00 the day after', async () => {
    listed(uuid(6));
    const text = await pass({ t: packed(uuid(6)), e: EVENT, l: 1, u: 1 });
    const at = async (iso: string) =>
      (await decideScan(text, { ...context, nowMs: () => Date.parse(iso) })).result;
    // São Paulo is UTC-3: the 30th at 01:00 UTC is still the 29th, 22:00 there.
    expect(await at('2026-11-29T03:00:00.000Z')).toBe('ok');
    expect(await at('2026-11-30T01:00:00.000Z')).toBe('ok');
    expect(await at('2026-11-30T08:59:00.000Z')).toBe('ok');
    expect(await at('2026-11-30T09:00:00.000Z')).toBe('wrong_day');
    expect(await at('2026-11-29T02:59:00.000Z')).toBe('wrong_day');
    expect(await at('2026-12-01T04:00:00.000Z')).toBe('wrong_day');
    // Its own faults first: a used ticket says so on any day.
    listed(uuid(7), { checkedInAt: '2026-11-29T23:30:00.000Z' });
    const used = await pass({ t: packed(uuid(7)), e: EVENT, l: 1, u: 1 });
    expect(
      (await decideScan(used, { ...context, nowMs: () => Date.parse('2026-12-05T20:00:00Z') })).result,
    ).toBe('already_used');
  });

  it('refuses a ticket of a section this gate does not admit, and names it', async () => {
    listed(uuid(8), { section: 'Camarote' });
    const text = await pass({ t: packed(uuid(8)), e: EVENT, l: 1, u: 1 });
    const admitting = async (sections: string[] | null) => decideScan(text, { ...context, sections });
    expect(await admitting(['Pista'])).toMatchObject({
      result: 'wrong_sector',
      ticket: { section: 'Camarote' },
    });
    expect((await admitting(['Pista', 'Camarote'])).result).toBe('ok');
    expect((await admitting([])).result).toBe('ok');
    expect((await admitting(null)).result).toBe('ok');
  });
});
