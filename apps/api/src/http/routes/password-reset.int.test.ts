import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { passwordResets } from '../../db/schema/index.ts';
import { brazilianAdult, latestMail, PASSWORD, register } from '../../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

describe.each(testDatabases())('password reset on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  const requestReset = (identifier: string, identifierType: number) =>
    t.json<Record<string, unknown>>('/api/v2/webiste/sendResetPasswordEmail', { identifier, identifierType });
  const confirm = (body: Record<string, string>) =>
    t.json<Record<string, unknown>>('/api/website/NewResetPassword', body);
  const login = (email: string, password: string) => t.json('/api/v2/websiteuserlogin', { email, password });

  async function resetLink() {
    const mail = await latestMail(t);
    const url = new URL(mail.text.match(/http\S+confirmpasswordreset\S+/)![0]);
    return { id: url.searchParams.get('id')!, code: url.searchParams.get('code')! };
  }

  it('answers the spec message for an unknown document', async () => {
    expect(await requestReset('ninguem@exemplo.com', 0)).toEqual({
      status: 404,
      body: { Message: 'Nenhum usuário encontrado.', code: 'user_not_found' },
    });
  });

  it('mails a single-use link; the new password works, the old one and every session stop', async () => {
    const { cookie, token, input } = await register(t);
    const sent = await requestReset(input.cpf, 1);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: 'email_sent', email: `a***@${input.email.split('@')[1]}` });
    const mail = await latestMail(t);
    expect(mail.to).toBe(input.email);
    expect(mail.subject).toBe('Redefinição de senha no Bilheto');
    const link = await resetLink();

    const weak = await confirm({ ...link, password: 'fraca' });
    expect(weak.status).toBe(400);
    expect(weak.body.Message).toMatch(/ao menos 8 caracteres/);

    const done = await confirm({ ...link, password: 'Nova#Senha2026' });
    expect(done).toEqual({ status: 200, body: { Message: 'Senha alterada com sucesso!' } });
    expect((await t.request('/api/v2/authentication', { headers: { cookie } })).status).toBe(401);
    expect(
      (await t.request('/api/v2/authentication', { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
    expect((await login(input.email, PASSWORD)).status).toBe(401);
    expect((await login(input.email, 'Nova#Senha2026')).status).toBe(200);

    const reused = await confirm({ ...link, password: 'Outra#Senha2026' });
    expect(reused).toEqual({
      status: 400,
      body: {
        Message: 'Link de redefinição inválido, expirado ou já usado. Solicite um novo.',
        code: 'reset_invalid',
      },
    });
    expect((await login(input.email, 'Outra#Senha2026')).status).toBe(401);
  });

  it('refuses an expired code, a wrong code, and an earlier code once a later one is used', async () => {
    const { input } = await register(t);
    await requestReset(input.email, 0);
    const first = await resetLink();
    await requestReset(input.email, 0);
    const second = await resetLink();
    expect(second.id).not.toBe(first.id);

    expect((await confirm({ ...second, code: `${second.code.slice(0, -2)}xx` })).status).toBe(400);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, second.id));
    expect((await confirm({ ...second, password: 'Nova#Senha2026' })).status).toBe(400);
    expect((await confirm({ ...first, password: 'Nova#Senha2026' })).status).toBe(200);
    expect((await confirm({ ...first, password: 'Nova#Senha2027' })).status).toBe(400);
  });

  it('finds a foreigner by document and writes to them in English', async () => {
    const input = brazilianAdult({
      nationality: 1,
      cpf: 'ZX9876543',
      birthDate: '1985-01-31',
      ddiPhone: '+44',
      phone: '7911123456',
      stateID: null,
      cityID: null,
    });
    await register(t, input);
    expect((await requestReset('zx9876543', 2)).status).toBe(200);
    expect((await latestMail(t)).subject).toBe('Reset your Bilheto password');
  });

  it('refuses an identifier type that does not match the identifier', async () => {
    const response = await requestReset('ana@exemplo.com', 1);
    expect(response).toMatchObject({
      status: 400,
      body: { Message: 'Informe um documento ou e-mail válido' },
    });
  });
});
