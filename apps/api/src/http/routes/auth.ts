import {
  registrationLocale,
  type TAuthenticationResponse,
  type TLoginResponse,
  ZLoginRequest,
  ZRegisterRequest,
  ZValidateEmailQuery,
} from '@ingressos/contracts/accounts';
import { nationalityLocale } from '@ingressos/domain/account';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { confirmEmail } from '../../modules/accounts/confirm-email.ts';
import { accountKeyOf, isEmailRegistered } from '../../modules/accounts/find-user.ts';
import { logIn } from '../../modules/accounts/log-in.ts';
import { apiMessage, fail } from '../../modules/accounts/messages.ts';
import { registerClient } from '../../modules/accounts/register-client.ts';
import { sendVerificationEmail } from '../../modules/accounts/send-verification-email.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import {
  createSession,
  renewSession,
  revokeSession,
  type TUserRow,
} from '../../modules/accounts/sessions.ts';
import { toUserView } from '../../modules/accounts/user-view.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import {
  clearSessionCookie,
  requireAuth,
  sessionCookieName,
  setSessionCookie,
} from '../middleware/authenticate.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';
import { verifyCaptcha } from './captcha.ts';

/** Log in, register, the session, e-mail availability and verification. */
export function authRoutes(s: TAccountServices) {
  const ttl = s.config.SESSION_TTL_DAYS;
  const ip = (c: Context<TAppEnv>) => clientIp(c, s.config.TRUST_PROXY_HOPS);

  async function startSession(c: Context<TAppEnv>, user: TUserRow) {
    // A new login gets a new token; the one this client held before stops working.
    const previous = c.get('auth');
    if (previous) await revokeSession(s.db, previous.session.tokenHash);
    const session = await createSession(s.db, user.id, ttl);
    setSessionCookie(c, s.config, session.token, session.expiresAt);
    c.header('Cache-Control', 'no-store');
    return session;
  }

  return new Hono<TAppEnv>()
    .on(...endpoint('login', '/api'), async (c) => {
      const locale = c.get('locale');
      await s.limits.consume('loginIp', ip(c), locale);
      const { email, password } = parseWithMessages(ZLoginRequest, await readJsonBody(c), locale);
      await verifyCaptcha(c, s, locale);
      // Every attempt counts against the account from this IP, and against a ceiling for the
      // account from every IP; a success clears the owner's count.
      const account = await accountKeyOf(s.db, email);
      const pair = `${account}|${ip(c)}`;
      await s.limits.consume('loginAccountIp', pair, locale);
      await s.limits.consume('loginAccount', account, locale);
      const user = await logIn(s, email, password);
      if (!user) throw fail('invalid_credentials', 'invalidCredentials', locale);
      await s.limits.reset('loginAccountIp', pair);
      const session = await startSession(c, user);
      const view = toUserView(user);
      const answer: TLoginResponse = {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        Name: user.name,
        ClientData: { isPhoneVerified: view.isPhoneVerified },
        user: view,
      };
      return c.json(answer);
    })

    .on(...endpoint('authentication', '/api'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const auth = c.get('auth');
      if (!auth) {
        if (c.get('sessionPresented') === 'cookie') clearSessionCookie(c, s.config);
        throw fail('unauthenticated', 'unauthenticated', c.get('locale'));
      }
      const expiresAt = await renewSession(s.db, auth.session, ttl);
      let token: string | null = null;
      if (auth.via === 'cookie') {
        const cookie = getCookie(c, sessionCookieName(s.config.secureCookies));
        if (cookie && expiresAt !== auth.session.expiresAt) setSessionCookie(c, s.config, cookie, expiresAt);
      } else {
        token = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? null;
      }
      const answer: TAuthenticationResponse = {
        token,
        expiresAt: expiresAt.toISOString(),
        user: toUserView(auth.user),
      };
      return c.json(answer);
    })

    .on(...endpoint('logout', '/api'), async (c) => {
      const auth = c.get('auth');
      if (auth) await revokeSession(s.db, auth.session.tokenHash);
      clearSessionCookie(c, s.config);
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true });
    })

    .on(...endpoint('register', '/api'), async (c) => {
      await s.limits.consume('registerIp', ip(c), c.get('locale'));
      const raw = await readJsonBody(c);
      const input = parseWithMessages(ZRegisterRequest, raw, registrationLocale(raw, c.get('locale')));
      const locale = nationalityLocale(input.nationality);
      await verifyCaptcha(c, s, locale);
      const user = await registerClient(s, input);
      const session = await startSession(c, user);
      try {
        await sendVerificationEmail(s, user);
      } catch (error) {
        // The account exists either way; 'Reenviar e-mail' on /minha-conta sends it again.
        s.log.error('verification mail failed', { error, userId: user.id });
      }
      return c.json(
        {
          Message: apiMessage('registered', locale),
          token: session.token,
          expiresAt: session.expiresAt.toISOString(),
          user: toUserView(user),
        },
        201,
      );
    })

    .on(...endpoint('validateEmail', '/api'), async (c) => {
      const locale = c.get('locale');
      await s.limits.consume('emailCheckIp', ip(c), locale);
      const { email } = parseWithMessages(ZValidateEmailQuery, { email: c.req.query('email') }, locale);
      const registered = await isEmailRegistered(s.db, email);
      c.header('Cache-Control', 'no-store');
      return c.json({ email, isAvailableEmail: !registered, isRegisteredUser: registered });
    })

    .on(...endpoint('sendVerificationEmail', '/api'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      if (user.emailVerifiedAt) throw fail('email_already_verified', 'emailAlreadyVerified', locale);
      await s.limits.consume('verificationMailUser', user.id, locale);
      try {
        await sendVerificationEmail(s, user);
      } catch (error) {
        s.log.error('verification mail failed', { error, userId: user.id });
        throw fail('mail_failed', 'mailFailed', locale);
      }
      return c.json({ Message: apiMessage('verificationSent', locale) });
    })

    .get('/v2/confirm-email', async (c) => {
      const verified = await confirmEmail(s, c.req.query('token') ?? '');
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.redirect(`/?validationEmail=${verified}`, 303);
    });
}
