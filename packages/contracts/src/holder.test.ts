import { describe, expect, it } from 'vitest';
import { cpfsOfHolders, holderOfCpf, holdersOfCpfs, ZHolder } from './holder.ts';

describe('THolder', () => {
  it('maps the spec’s CPF lists to holders and back, in order', () => {
    const cpfs = ['52998224725', '39053344705'];
    expect(holdersOfCpfs(cpfs)).toEqual([holderOfCpf(cpfs[0]!), holderOfCpf(cpfs[1]!)]);
    expect(cpfsOfHolders(holdersOfCpfs(cpfs))).toEqual(cpfs);
  });
  it('takes a CPF or a foreign document, a name and a half-price category', () => {
    expect(ZHolder.parse({ docType: 'cpf', document: '52998224725' })).toEqual(holderOfCpf('52998224725'));
    const foreign = { docType: 'foreign', document: 'X1234567', name: 'Ann Lee', category: 'student' };
    expect(ZHolder.parse(foreign)).toEqual(foreign);
    expect(ZHolder.safeParse({ docType: 'passport', document: 'X1234567' }).success).toBe(false);
    expect(ZHolder.safeParse({ docType: 'cpf', document: 'x'.repeat(31) }).success).toBe(false);
  });
  it('carries a half-price claim (issue 36), its dates as ISO days', () => {
    const claim = {
      category: 'student',
      documentNumber: 'CIE20260001',
      documentIssuer: 'UNE',
      documentValidUntil: '2027-01-31',
    };
    expect(ZHolder.parse({ ...holderOfCpf('52998224725'), halfPrice: claim }).halfPrice).toEqual(claim);
    expect(
      ZHolder.safeParse({
        ...holderOfCpf('52998224725'),
        halfPrice: { category: 'elderly', birthDate: '01/02/1950' },
      }).success,
    ).toBe(false);
  });
});
