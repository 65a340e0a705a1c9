import type { TUser } from '@ingressos/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { requireProfileForPayment } from './require-profile-for-payment.server.ts';

const user = (over: Partial<TUser>): TUser => ({
  id: 'u',
  name: 'Ana Silva',
  email: 'ana@exemplo.com',
  cpf: '52998224725',
  birthDate: '1990-05-20',
  gender: 2,
  nationality: 0,
  ddiPhone: '+55',
  phone: '11987654321',
  cityIBGE: 3550308,
  stateIBGE: 35,
  cityId: 3550308,
  stateId: 35,
  isPhoneVerified: true,
  emailVerified: true,
  ...over,
});

describe('profile before payment', () => {
  it('lets a complete Brazilian and any foreigner through', () => {
    expect(() => requireProfileForPayment(user({}))).not.toThrow();
    expect(() =>
      requireProfileForPayment(user({ nationality: 1, stateIBGE: null, cityIBGE: null })),
    ).not.toThrow();
  });

  it('sends a Brazilian without city to /dados-da-conta with the warning flag', () => {
    try {
      requireProfileForPayment(user({ cityIBGE: null }));
      expect.unreachable();
    } catch (thrown) {
      const response = thrown as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(
        '/dados-da-conta?completarCadastro=1&redirect=%2Fpagamento',
      );
    }
  });
});
