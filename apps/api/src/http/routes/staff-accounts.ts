import { API_MESSAGES } from '@ingressos/contracts';
import {
  ZAcceptStaffInvitationRequest,
  ZCreateStaffAccountRequest,
  ZCreateStaffCommissionerRequest,
  ZStaffAccountParams,
  ZStaffAuditQuery,
  ZStaffCommissionerParams,
  ZStaffLoginRequest,
  ZStaffLoginTotpRequest,
  ZStaffSiteFlagsRequest,
  ZStaffTotpConfirmRequest,
  ZUpdateStaffAccountRequest,
  ZUpdateStaffCommissionerRequest,
} from '@ingressos/contracts/staff';
import { type Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';
import { AppError } from '../../modules/app-error.ts';
import { applySiteFlagsChange } from '../../modules/site-flags/change-site-flags.ts';
import { siteFlagsAnswer } from '../../modules/site-flags/flags-answer.ts';
import { acceptStaffInvitation } from '../../modules/staff/accept-staff-invitation.ts';
import { completeStaffLogin } from '../../modules/staff/complete-staff-login.ts';
import { confirmStaffTotp } from '../../modules/staff/confirm-staff-totp.ts';
import { createCommissioner } from '../../modules/staff/create-commissioner.ts';
import { enrolStaffTotp } from '../../modules/staff/enrol-staff-totp.ts';
import { exportStaffAudit } from '../../modules/staff/export-staff-audit.ts';
import { getStaffMe } from '../../modules/staff/get-staff-me.ts';
import { inviteStaff } from '../../modules/staff/invite-staff.ts';
import { listStaffAccounts } from '../../modules/staff/list-staff-accounts.ts';
import { listStaffAudit } from '../../modules/staff/list-staff-audit.ts';
import { listStaffCommissioners } from '../../modules/staff/list-staff-commissioners.ts';
import { logInStaff } from '../../modules/staff/log-in-staff.ts';
import { logOutStaff } from '../../modules/staff/log-out-staff.ts';
import { setCommissionerActive } from '../../modules/staff/set-commissioner-active.ts';
import { createStaffServices, type TStaffRequest } from '../../modules/staff/staff-services.ts';
import type { TNewStaffSession } from '../../modules/staff/staff-session-writes.ts';
import { staffCookieName, type TStaffSession } from '../../modules/staff/staff-sessions.ts';
import { unlockStaffAccount } from '../../modules/staff/unlock-staff-account.ts';
import { updateStaffAccount } from '../../modules/staff/update-staff-account.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import { requireStaff, type TStaffEnv } from '../middleware/staff-auth.ts';
import { parseWith, readJsonBody } from '../request.ts';
import type { TStaffDeps } from '../staff-app.ts';

const ADMIN = ['admin'] as const;
const MOUNT = '/api/staff';

/**
 * Issue 33: the staff's login (password, then TOTP; enrolment on the first login), invitations,
 * and the administrator's calls (accounts, audit log, the site's switches, commissioners). Thin:
 * each parses with its contract and calls one use-case in modules/staff. Mounted by staff-app.ts,
 * which has already read the staff session of the `staff_sid` cookie.
 */
export function staffAccountRoutes(deps: TStaffDeps) {
  const { config, database, log } = deps;
  const s = createStaffServices({
    db: database.db,
    config,
    log,
    outbox: deps.outbox,
    limits: deps.accounts.limits,
    linkSecret: deps.accounts.secret,
  });
  const cookieName = staffCookieName(config.secureCookies);
  const request = (c: Context<TStaffEnv>): TStaffRequest => ({
    ip: clientIp(c, config.TRUST_PROXY_HOPS),
    requestId: c.get('requestId') ?? null,
  });
  const setStaffCookie = (c: Context<TStaffEnv>, session: TNewStaffSession) =>
    setCookie(c, cookieName, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      secure: config.secureCookies,
      expires: session.expiresAt,
      maxAge: Math.max(0, Math.round((session.expiresAt.getTime() - Date.now()) / 1000)),
    });
  const clearStaffCookie = (c: Context<TStaffEnv>) =>
    deleteCookie(c, cookieName, {
      path: '/',
      secure: config.secureCookies,
      httpOnly: true,
      sameSite: 'Strict',
    });
  /** The half-way session (password given, second factor not yet): the only thing the TOTP calls accept. */
  const halfWay = (c: Context<TStaffEnv>): TStaffSession => {
    const session = c.get('staffSession');
    if (session?.stage !== 'password')
      throw new AppError('staff_unauthenticated', API_MESSAGES[c.get('locale')].staff.staff_unauthenticated);
    return session;
  };
  const body = async <S extends z.ZodType>(c: Context<TStaffEnv>, schema: S): Promise<z.infer<S>> =>
    parseWith(c, schema, (await readJsonBody(c)) ?? {});

  return (
    new Hono<TStaffEnv>()
      // Login: password, then the second factor (or its enrolment on the first login).
      .on(...endpoint('staffLogin', MOUNT), async (c) => {
        const input = await body(c, ZStaffLoginRequest);
        const previous = c.get('staffSession');
        const { answer, session } = await logInStaff(s, {
          ...input,
          request: request(c),
          locale: c.get('locale'),
        });
        if (previous) await logOutStaff(database.db, previous, request(c));
        setStaffCookie(c, session);
        return c.json(answer);
      })
      .on(...endpoint('staffLoginTotp', MOUNT), async (c) => {
        const session = halfWay(c);
        const input = await body(c, ZStaffLoginTotpRequest);
        const done = await completeStaffLogin(s, {
          session,
          input,
          request: request(c),
          locale: c.get('locale'),
        });
        setStaffCookie(c, done.session);
        return c.json(done.me);
      })
      .on(...endpoint('staffTotpEnrol', MOUNT), async (c) => {
        const session = halfWay(c);
        return c.json(await enrolStaffTotp(s, { session, locale: c.get('locale') }));
      })
      .on(...endpoint('staffTotpConfirm', MOUNT), async (c) => {
        const session = halfWay(c);
        const { code } = await body(c, ZStaffTotpConfirmRequest);
        const done = await confirmStaffTotp(s, {
          session,
          code,
          request: request(c),
          locale: c.get('locale'),
        });
        setStaffCookie(c, done.session);
        return c.json({ recoveryCodes: done.recoveryCodes, me: done.me });
      })
      .on(...endpoint('staffLogout', MOUNT), async (c) => {
        await logOutStaff(database.db, c.get('staffSession'), request(c));
        clearStaffCookie(c);
        return c.json({ ok: true as const });
      })
      .on(...endpoint('staffMe', MOUNT), async (c) =>
        c.json(await getStaffMe(database.db, c.get('staffSession'), c.get('locale'))),
      )
      .on(...endpoint('acceptStaffInvitation', MOUNT), async (c) => {
        const input = await body(c, ZAcceptStaffInvitationRequest);
        return c.json(
          await acceptStaffInvitation(s, { ...input, request: request(c), locale: c.get('locale') }),
        );
      })

      // The administrator's calls: accounts.
      .on(...endpoint('staffAccounts', MOUNT), async (c) => {
        requireStaff(c, ADMIN);
        return c.json(await listStaffAccounts(database.db));
      })
      .on(...endpoint('createStaffAccount', MOUNT), async (c) => {
        const by = requireStaff(c, ADMIN);
        const input = await body(c, ZCreateStaffAccountRequest);
        // The link goes by e-mail only; the API never shows it.
        const { link: _link, ...answer } = await inviteStaff(s, {
          by,
          input,
          request: request(c),
          locale: c.get('locale'),
        });
        return c.json(answer, 201);
      })
      .on(...endpoint('updateStaffAccount', MOUNT), async (c) => {
        const by = requireStaff(c, ADMIN);
        const { id } = parseWith(c, ZStaffAccountParams, c.req.param());
        const patch = await body(c, ZUpdateStaffAccountRequest);
        const account = await updateStaffAccount(s, {
          by,
          id,
          patch,
          request: request(c),
          locale: c.get('locale'),
        });
        return c.json({ account });
      })
      .on(...endpoint('unlockStaffAccount', MOUNT), async (c) => {
        const by = requireStaff(c, ADMIN);
        const { id } = parseWith(c, ZStaffAccountParams, c.req.param());
        const account = await unlockStaffAccount(s, { by, id, request: request(c), locale: c.get('locale') });
        return c.json({ account });
      })

      // The audit log.
      .on(...endpoint('staffAudit', MOUNT), async (c) => {
        requireStaff(c, ADMIN);
        return c.json(await listStaffAudit(database.db, parseWith(c, ZStaffAuditQuery, c.req.query())));
      })
      .on(...endpoint('staffAuditCsv', MOUNT), async (c) => {
        const by = requireStaff(c, ADMIN);
        const filters = parseWith(c, ZStaffAuditQuery, c.req.query());
        const { csv } = await exportStaffAudit(database.db, { by, filters, request: request(c) });
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header(
          'Content-Disposition',
          `attachment; filename="auditoria-${new Date().toISOString().slice(0, 10)}.csv"`,
        );
        return c.body(csv);
      })

      // The site's switches (the same change as PUT /api/admin/site-flags, by a person).
      .on(...endpoint('staffSiteFlags', MOUNT), async (c) => {
        requireStaff(c, ADMIN);
        return c.json(siteFlagsAnswer(config, await deps.flags.current(), deps.flags.refreshMs));
      })
      .on(...endpoint('changeStaffSiteFlags', MOUNT), async (c) => {
        const by = requireStaff(c, ADMIN);
        const { flags: patch, reason } = await body(c, ZStaffSiteFlagsRequest);
        const state = await applySiteFlagsChange({
          flags: deps.flags,
          log,
          patch,
          by,
          reason,
          ...request(c),
        });
        return c.json(siteFlagsAnswer(config, state, deps.flags.refreshMs));
      })

      // Commissioners.
      .on(...endpoint('staffCommissioners', MOUNT), async (c) => {
        requireStaff(c, ADMIN);
        return c.json(await listStaffCommissioners(database.db));
      })
      .on(...endpoint('createStaffCommissioner', MOUNT), async (c) => {
        const by = requireStaff(c, ADMIN);
        const input = await body(c, ZCreateStaffCommissionerRequest);
        const commissioner = await createCommissioner(s, {
          by,
          input,
          request: request(c),
          locale: c.get('locale'),
        });
        return c.json({ commissioner }, 201);
      })
      .on(...endpoint('updateStaffCommissioner', MOUNT), async (c) => {
        const by = requireStaff(c, ADMIN);
        const { id } = parseWith(c, ZStaffCommissionerParams, c.req.param());
        const { active } = await body(c, ZUpdateStaffCommissionerRequest);
        const commissioner = await setCommissionerActive(s, {
          by,
          id,
          active,
          request: request(c),
          locale: c.get('locale'),
        });
        return c.json({ commissioner });
      })
  );
}
