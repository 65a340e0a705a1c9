import { afterEach, describe, expect, it, vi } from 'vitest';
import { latestMail, latestSmsCode, PASSWORD, register, withCookie } from '../../testing/accounts.ts';
import { createTestApp } from '../../testing/test-app.ts';

describe('logs of the account calls', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never carry a password, a CPF, an e-mail or a code, even at debug level', async () => {
    const t = await createTestApp('pglite', { LOG_LEVEL: 'debug', CAPTCHA_PROVIDER: 'off' });
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    try {
      const { cookie, input } = await register(t);
      await t.json('/api/v2/websiteuserlogin', { email: input.cpf, password: 'Errada#2026' });
      await t.json('/api/v2/websiteuserlogin', { email: input.cpf, password: PASSWORD });
      await t.request(`/api/utils/validateEmail?email=${encodeURIComponent(input.email)}`);
      await t.json('/api/v3/send-sms-code', {}, withCookie(cookie));
      const smsCode = await latestSmsCode(t);
      await t.json('/api/v2/match-code', { code: smsCode }, withCookie(cookie));
      await t.json('/api/v2/webiste/sendResetPasswordEmail', { identifier: input.cpf, identifierType: 1 });
      const url = new URL((await latestMail(t)).text.match(/http\S+confirmpasswordreset\S+/)![0]);
      const resetCode = url.searchParams.get('code')!;
      await t.json('/api/website/NewResetPassword', {
        id: url.searchParams.get('id'),
        code: resetCode,
        password: 'Nova#Senha2026',
      });
      // A failure inside the database, with the CPF among the query's parameters.
      await t.json('/api/registerclient', {
        ...input,
        email: 'outra@exemplo.com',
        name: 'Ana Silva Costa\u0000',
      });

      const log = written.join('');
      expect(log).toContain('"path":"/api/v2/websiteuserlogin"');
      for (const secret of [input.cpf, PASSWORD, 'Nova#Senha2026', input.email, smsCode, resetCode]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});
