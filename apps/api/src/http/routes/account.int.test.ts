import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { phoneCodes } from '../../db/schema/index.ts';
import { foreignAdult, latestSmsCode, register, withCookie } from '../../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

describe.each(testDatabases())('phone verification and profile on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  const post = (path: string, cookie: string, body: unknown = {}) =>
    t.json<Record<string, unknown>>(path, body, withCookie(cookie));

  it('sends a 6-digit code to the account phone and verifies it', async () => {
    const { cookie } = await register(t);
    const sent = await post('/api/v3/send-sms-code', cookie);
    expect(sent.status).toBe(200);
    expect(sent.body.expiredIn).toBe(120);
    expect(new Date(String(sent.body.expiresAt)).getTime()).toBeGreaterThan(Date.now());
    const sms = await t.request('/_dev/sms.json');
    expect(((await sms.json()) as { to: string }[])[0]!.to).toBe('+5511987654321');
    const code = await latestSmsCode(t);

    const wrong = await post('/api/v2/match-code', cookie, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong).toEqual({
      status: 400,
      body: {
        Message: 'Ocorreu um erro ao validar o código, verifique se está correto e tente novamente.',
        code: 'invalid_code',
        error: { type: 'invalid_code' },
      },
    });
    const right = await post('/api/v2/match-code', cookie, { code });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      success: true,
      Message: 'Telefone validado com sucesso!',
      user: { isPhoneVerified: true },
    });
    expect((await post('/api/v3/send-sms-code', cookie)).status).toBe(409);
  });

  it('answers error type not_found for an expired code, no code, or after five wrong tries', async () => {
    const { cookie, userId } = await register(t);
    const notFound = {
      status: 400,
      body: {
        Message:
          'Não foi possível validar seu código, ele pode ter expirado. Envie um novo código e tente novamente.',
        code: 'not_found',
        error: { type: 'not_found' },
      },
    };
    expect(await post('/api/v2/match-code', cookie, { code: '123456' })).toEqual(notFound);

    await post('/api/v3/send-sms-code', cookie);
    const code = await latestSmsCode(t);
    await t.database.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(phoneCodes.userId, userId));
    expect(await post('/api/v2/match-code', cookie, { code })).toEqual(notFound);

    await post('/api/v3/send-sms-code', cookie);
    const fresh = await latestSmsCode(t);
    const wrong = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      expect((await post('/api/v2/match-code', cookie, { code: wrong })).body.code).toBe('invalid_code');
    expect(await post('/api/v2/match-code', cookie, { code: fresh })).toEqual(notFound);
  });

  it('needs a session for the phone calls', async () => {
    const response = await t.json('/api/v3/send-sms-code', {});
    expect(response).toEqual({
      status: 401,
      body: { Message: 'Dados do Usuario nao encontrado', code: 'unauthenticated' },
    });
  });

  it('updates name, gender, phone, state and city; a new phone must be verified again', async () => {
    const { cookie, userId } = await register(t);
    await post('/api/v3/send-sms-code', cookie);
    await post('/api/v2/match-code', cookie, { code: await latestSmsCode(t) });

    const gender = await post('/api/website/updatemyaccount', cookie, { Id: userId, gender: 3 });
    expect(gender).toMatchObject({
      status: 200,
      body: { Message: 'Dados atualizados com sucesso!', user: { gender: 3, isPhoneVerified: true } },
    });

    const changed = await post('/api/website/updatemyaccount', cookie, {
      Id: userId,
      Name: 'Ana  Maria Souza',
      ddiPhone: '+55',
      phone: '21998765432',
      stateIBGEId: 33,
      cityIBGEId: 3304557,
    });
    expect(changed.body.user).toMatchObject({
      name: 'Ana Maria Souza',
      phone: '21998765432',
      stateIBGE: 33,
      cityIBGE: 3304557,
      stateId: 33,
      cityId: 3304557,
      isPhoneVerified: false,
    });
  });

  it('refuses another account, identity changes and a city outside the state', async () => {
    const { cookie, userId, input } = await register(t);
    const other = await register(t);
    expect((await post('/api/website/updatemyaccount', cookie, { Id: other.userId, gender: 1 })).status).toBe(
      403,
    );
    const locked = await post('/api/website/updatemyaccount', cookie, {
      Id: userId,
      login: 'outro@exemplo.com',
    });
    expect(locked).toMatchObject({ status: 400, body: { code: 'field_locked' } });
    const same = await post('/api/website/updatemyaccount', cookie, {
      Id: userId,
      login: input.email.toUpperCase(),
      cpf: input.cpf,
      birthDate: input.birthDate,
      nationality: 0,
    });
    expect(same.status).toBe(200);
    const city = await post('/api/website/updatemyaccount', cookie, {
      Id: userId,
      stateIBGEId: 35,
      cityIBGEId: 3304557,
    });
    expect(city).toMatchObject({ status: 400, body: { Message: 'Cidade inválida para o estado escolhido' } });
  });

  it('answers a foreigner in English', async () => {
    const { cookie, userId } = await register(t, foreignAdult());
    const response = await post('/api/website/updatemyaccount', cookie, { Id: userId, Name: 'John' });
    expect(response).toMatchObject({ status: 400, body: { Message: 'Enter your first and last name' } });
  });

  it('unsubscribes one own account only', async () => {
    const { cookie, userId } = await register(t);
    const other = await register(t);
    expect(await post('/api/newunsubscribe', cookie, { userId })).toEqual({
      status: 200,
      body: { Message: 'Pronto! Você não receberá mais e-mails promocionais.' },
    });
    expect((await post('/api/newunsubscribe', cookie, { userId: other.userId })).status).toBe(403);
  });
});
