import { createHash } from 'node:crypto';
import { TERMS_VERSION } from '@ingressos/domain/consent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { consents, sessions, users } from '../../db/schema/index.ts';
import {
  brazilianAdult,
  foreignAdult,
  fromIp,
  latestMail,
  PASSWORD,
  register,
  sessionCookie,
  withCookie,
} from '../../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

describe.each(testDatabases())('register, log in and sessions on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.json<Record<string, unknown>>('/api/v2/websiteuserlogin', { email, password }, { headers });
  const whoAmI = (headers: Record<string, string>) => t.request('/api/v2/authentication', { headers });

  it('registers a Brazilian adult, logs them in with an HttpOnly SameSite=Strict cookie and mails a link', async () => {
    const input = brazilianAdult();
    const response = await t.request('/api/registerclient', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { Message: string; token: string; user: Record<string, unknown> };
    expect(body.Message).toBe('Usuário cadastrado com sucesso, verifique seu e-mail');
    expect(body.user).toMatchObject({
      name: 'Ana Maria Silva',
      email: input.email,
      cpf: input.cpf,
      birthDate: '1990-05-20',
      gender: 2,
      stateIBGE: 35,
      cityIBGE: 3550308,
      isPhoneVerified: false,
      emailVerified: false,
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).toMatch(/Path=\//);

    const mail = await latestMail(t);
    expect(mail.to).toBe(input.email);
    expect(mail.subject).toBe('Confirme seu e-mail no Bilheto');
    const link = mail.text.match(/http\S+confirm-email\S+/)![0];
    const followed = await t.request(link.replace(t.config.publicUrl, ''));
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/?validationEmail=true');
    const me = await whoAmI({ cookie: sessionCookie(response) });
    expect(((await me.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
  });

  it('lands with validationEmail=false on a forged or tampered link', async () => {
    const forged = await t.request('/api/v2/confirm-email?token=abc.def.ghi');
    expect(forged.headers.get('location')).toBe('/?validationEmail=false');
    await register(t);
    const link = (await latestMail(t)).text.match(/token=(\S+)/)![1]!;
    const tampered = `${link.slice(0, -3)}${link.endsWith('a') ? 'b' : 'a'}xy`;
    const response = await t.request(`/api/v2/confirm-email?token=${tampered}`);
    expect(response.headers.get('location')).toBe('/?validationEmail=false');
  });

  it('stores argon2id hashes and only the SHA-256 of session tokens', async () => {
    const { userId, token } = await register(t);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(PASSWORD);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((r) => r.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
  });

  it('registers only with the terms and privacy policy accepted, and records that consent with its version', async () => {
    const { acceptTerms: _, ...withoutConsent } = brazilianAdult();
    const refused = await t.json('/api/registerclient', withoutConsent);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'invalid_request',
      issues: [
        {
          path: 'acceptTerms',
          message: 'Aceite os Termos de uso e a Política de privacidade para criar sua conta',
        },
      ],
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, withoutConsent.email))).toEqual([]);

    const before = Date.now();
    const person = await register(t);
    const rows = await t.database.db.select().from(consents).where(eq(consents.userId, person.userId));
    expect(rows.map((r) => [r.kind, r.version]).sort()).toEqual([
      ['privacy_policy', TERMS_VERSION],
      ['terms_of_use', TERMS_VERSION],
    ]);
    expect(rows.every((r) => r.acceptedAt.getTime() >= before - 1000)).toBe(true);
  });

  it('refuses a second account with the same e-mail or document', async () => {
    const first = await register(t);
    const sameEmail = await t.json('/api/registerclient', brazilianAdult({ email: first.input.email }));
    expect(sameEmail).toEqual({
      status: 409,
      body: { Message: 'Este e-mail já está cadastrado', code: 'email_taken' },
    });
    const sameCpf = await t.json('/api/registerclient', brazilianAdult({ cpf: first.input.cpf }));
    expect(sameCpf.status).toBe(409);
    expect(sameCpf.body).toMatchObject({ Message: 'Este documento já está cadastrado' });
  });

  it('answers in Portuguese for Brazilians and in English for others, whatever the visitor language', async () => {
    const pt = await t.json<{ Message: string }>(
      '/api/registerclient',
      brazilianAdult({ cpf: '123.456.789-00' }),
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(pt).toMatchObject({
      status: 400,
      body: { Message: 'Informe um CPF válido', code: 'invalid_request' },
    });
    const en = await t.json<{ Message: string }>(
      '/api/registerclient',
      foreignAdult({ birthDate: '20/05/1990' }),
    );
    expect(en).toMatchObject({ status: 400, body: { Message: 'Enter a valid birth date (YYYY-MM-DD)' } });
  });

  it('registers a foreign minor only with a guardian document', async () => {
    const tenYearsAgo = new Date();
    tenYearsAgo.setFullYear(tenYearsAgo.getFullYear() - 10);
    const birthDate = tenYearsAgo.toISOString().slice(0, 10);
    const without = await t.json<{ Message: string; issues: unknown[] }>(
      '/api/registerclient',
      foreignAdult({ birthDate }),
    );
    expect(without.status).toBe(400);
    expect(without.body.Message).toBe("A legal guardian's document is required for minors");
    const withGuardian = await t.json<{ user: { nationality: number } }>(
      '/api/registerclient',
      foreignAdult({ birthDate, responsibleCPF: 'G1234567' }),
    );
    expect(withGuardian.status).toBe(201);
    expect(withGuardian.body.user.nationality).toBe(1);
    expect((await latestMail(t)).subject).toBe('Confirm your e-mail at Bilheto');
  });

  it('refuses a city outside the chosen state', async () => {
    const response = await t.json('/api/registerclient', brazilianAdult({ stateID: 33, cityID: 3550308 }));
    expect(response).toMatchObject({
      status: 400,
      body: { Message: 'Cidade inválida para o estado escolhido' },
    });
  });

  it('logs in by e-mail or by CPF with or without mask, and answers the client record with the token', async () => {
    const { input } = await register(t);
    const masked = input.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    for (const identifier of [input.email.toUpperCase(), input.cpf, masked]) {
      const response = await login(identifier, PASSWORD);
      expect(response.status, identifier).toBe(200);
      expect(response.body).toMatchObject({
        Name: 'Ana Maria Silva',
        ClientData: { isPhoneVerified: false },
      });
      expect(response.body.token).toEqual(expect.any(String));
    }
  });

  it('refuses a wrong password or an unknown account with the same message', async () => {
    const { input } = await register(t);
    const wrong = await login(input.email, 'Errada#2026');
    const unknown = await login('ninguem@exemplo.com', PASSWORD);
    expect(wrong).toEqual({
      status: 401,
      body: { Message: 'E-mail/CPF ou senha inválidos', code: 'invalid_credentials' },
    });
    expect(unknown).toEqual(wrong);
  });

  it('throttles wrong passwords per account and IP, e-mail and CPF together, without locking the owner out', async () => {
    const { input } = await register(t);
    const from = (ip: string, email: string, password: string) =>
      t.app.request(
        'http://localhost/api/v2/websiteuserlogin',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        },
        fromIp(ip),
      );
    const stranger = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await from(stranger, i % 2 ? input.cpf : input.email, `Errada#${i}xx`)).status);
    // The account's e-mail and CPF count as one: 10 tries, then the stranger waits.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const blocked = await from(stranger, input.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({
      Message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    });
    // The owner, on their own network, logs in all the same.
    expect((await from('198.51.100.7', input.email, PASSWORD)).status).toBe(200);
  });

  it('renews the session by cookie or Bearer and returns the token only to Bearer clients', async () => {
    const { cookie, token } = await register(t);
    const byCookie = await whoAmI({ cookie });
    expect(byCookie.status).toBe(200);
    expect(await byCookie.json()).toMatchObject({ token: null, user: { name: 'Ana Maria Silva' } });
    const byBearer = await whoAmI({ authorization: `Bearer ${token}` });
    expect(await byBearer.json()).toMatchObject({ token, user: { name: 'Ana Maria Silva' } });
    expect(byBearer.headers.get('cache-control')).toBe('no-store');
  });

  it('renews a session that was close to expiring and refuses an expired one, clearing its cookie', async () => {
    const { cookie, userId } = await register(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(sessions.userId, userId));
    const renewed = await whoAmI({ cookie });
    const body = (await renewed.json()) as { expiresAt: string };
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(renewed.headers.getSetCookie().join()).toMatch(/sid=.+Max-Age=604[78]\d\d/);

    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId));
    const expired = await whoAmI({ cookie });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      Message: 'Dados do Usuario nao encontrado',
      code: 'unauthenticated',
    });
    expect(expired.headers.getSetCookie().join()).toMatch(/sid=;.*Max-Age=0/);
  });

  it('replaces the session a client held when it logs in again', async () => {
    const { cookie, input } = await register(t);
    const again = await login(input.email, PASSWORD, { cookie });
    expect(again.status).toBe(200);
    expect((await whoAmI({ cookie })).status).toBe(401);
    expect((await whoAmI({ authorization: `Bearer ${again.body.token}` })).status).toBe(200);
  });

  it('revokes the session on the server at logout', async () => {
    const { cookie, token } = await register(t);
    const out = await t.request('/api/v2/logout', { method: 'POST', ...withCookie(cookie) });
    expect(out.status).toBe(200);
    expect((await whoAmI({ cookie })).status).toBe(401);
    expect((await whoAmI({ authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('refuses a cookie-authenticated form post from another site (CSRF) and accepts our own', async () => {
    const { cookie } = await register(t);
    const form = { cookie, 'content-type': 'application/x-www-form-urlencoded' };
    const evil = await t.request('/api/v2/logout', {
      method: 'POST',
      headers: { ...form, origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({ Message: 'Origem da requisição não permitida.', code: 'csrf' });
    expect((await whoAmI({ cookie })).status).toBe(200);
    const own = await t.request('/api/v2/logout', {
      method: 'POST',
      headers: { ...form, origin: 'http://localhost' },
    });
    expect(own.status).toBe(200);
  });

  it('tells whether an e-mail is free', async () => {
    const { input } = await register(t);
    const taken = await t.request(
      `/api/utils/validateEmail?email=${encodeURIComponent(input.email.toUpperCase())}`,
    );
    expect(await taken.json()).toEqual({
      email: input.email,
      isAvailableEmail: false,
      isRegisteredUser: true,
    });
    const free = await t.request('/api/utils/validateEmail?email=livre@exemplo.com');
    expect(await free.json()).toEqual({
      email: 'livre@exemplo.com',
      isAvailableEmail: true,
      isRegisteredUser: false,
    });
  });

  it('sends the verification e-mail again on request, until the address is verified', async () => {
    const { cookie, input } = await register(t);
    const again = await t.request('/api/createUserNotification', { method: 'POST', ...withCookie(cookie) });
    expect(await again.json()).toEqual({ Message: 'Enviamos um novo e-mail de validação.' });
    const mail = await latestMail(t);
    expect(mail.to).toBe(input.email);
    await t.request(mail.text.match(/http\S+confirm-email\S+/)![0].replace(t.config.publicUrl, ''));
    const done = await t.request('/api/createUserNotification', { method: 'POST', ...withCookie(cookie) });
    expect(done.status).toBe(409);
    const noSession = await t.request('/api/createUserNotification', { method: 'POST', ...withCookie('') });
    expect(noSession.status).toBe(401);
  });
});
