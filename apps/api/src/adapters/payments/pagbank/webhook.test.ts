import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isFreshPagBankNotice,
  PAGBANK_NOTICE_TOLERANCE_SECONDS,
  pagBankAuthenticityToken,
  pagBankNoticeRef,
  verifyPagBankSignature,
} from './webhook.ts';

const token = 'the-account-token-from-ibanking';
const now = Date.UTC(2026, 10, 25, 12, 0, 0);
const at = (ms: number) => new Date(ms).toISOString();
const body = (created: number, paid?: number) =>
  JSON.stringify({
    id: 'ORDE_F87334AC-BB8B-42E2-AA85-8579F70AA328',
    reference_id: 'our-payment-id',
    created_at: at(created),
    charges: [
      { id: 'CHAR_1', status: 'PAID', created_at: at(created), ...(paid ? { paid_at: at(paid) } : {}) },
    ],
  });

describe('PagBank notification signature (x-authenticity-token)', () => {
  it('is the hex SHA-256 of "<token>-<payload>", as the documentation computes it', () => {
    const raw = body(now);
    const expected = createHash('sha256').update(`${token}-${raw}`).digest('hex');
    expect(pagBankAuthenticityToken(token, raw)).toBe(expected);
    expect(verifyPagBankSignature(token, raw, expected)).toBe(true);
    expect(verifyPagBankSignature(token, raw, expected.toUpperCase())).toBe(true);
  });

  it('refuses another token, a changed byte of the body, a missing or malformed header', () => {
    const raw = body(now);
    const signature = pagBankAuthenticityToken(token, raw);
    expect(verifyPagBankSignature('another-token-entirely', raw, signature)).toBe(false);
    // The exact bytes are signed: the same JSON re-serialised with a space is another payload.
    expect(verifyPagBankSignature(token, raw.replace('"id":', '"id": '), signature)).toBe(false);
    expect(verifyPagBankSignature(token, raw.replace('PAID', 'PAIX'), signature)).toBe(false);
    expect(verifyPagBankSignature(token, raw, undefined)).toBe(false);
    expect(verifyPagBankSignature(token, raw, 'zz')).toBe(false);
    expect(verifyPagBankSignature(token, raw, `${signature}00`)).toBe(false);
  });
});

describe('PagBank notice staleness (the scheme has no timestamp)', () => {
  const tolerance = PAGBANK_NOTICE_TOLERANCE_SECONDS * 1000;
  it('dates a notice by the newest date it carries', () => {
    expect(isFreshPagBankNotice(JSON.parse(body(now - 5_000)), now)).toBe(true);
    // An old order whose charge was just paid is news.
    expect(isFreshPagBankNotice(JSON.parse(body(now - 3 * tolerance, now - 1_000)), now)).toBe(true);
  });
  it('refuses one whose newest date is past the tolerance, far in the future, or that has none', () => {
    expect(isFreshPagBankNotice(JSON.parse(body(now - tolerance - 1_000)), now)).toBe(false);
    expect(isFreshPagBankNotice(JSON.parse(body(now + tolerance + 1_000)), now)).toBe(false);
    expect(isFreshPagBankNotice({ id: 'ORDE_1' }, now)).toBe(false);
    expect(isFreshPagBankNotice(null, now)).toBe(false);
  });
  it('reads PagBank’s -03:00 dates', () => {
    expect(isFreshPagBankNotice({ created_at: '2026-11-25T08:59:00.000-03:00' }, now)).toBe(true);
  });
});

describe('PagBank notice ref', () => {
  it('names the order or the charge, nothing else', () => {
    expect(pagBankNoticeRef({ id: 'ORDE_F87334AC-BB8B' })).toBe('ORDE_F87334AC-BB8B');
    expect(pagBankNoticeRef({ id: 'CHAR_67FC568B-00D8' })).toBe('CHAR_67FC568B-00D8');
    expect(pagBankNoticeRef({ id: 'QRCO_1' })).toBeNull();
    expect(pagBankNoticeRef({ id: 'ORDE_../../x' })).toBeNull();
    expect(pagBankNoticeRef(null)).toBeNull();
  });
});
