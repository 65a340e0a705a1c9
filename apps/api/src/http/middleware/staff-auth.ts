import { API_MESSAGES } from '@ingressos/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../modules/app-error.ts';
import { staffCoversEvent, type TStaff, type TStaffRole } from '../../modules/staff/roles.ts';
import { findStaffSession, staffCookieName, type TStaffSession } from '../../modules/staff/staff-sessions.ts';
import type { TAppEnv } from '../env.ts';

/** The staff calls' environment: the buyers' variables plus the staff session, when there is one. */
export type TStaffEnv = {
  Bindings: TAppEnv['Bindings'];
  Variables: TAppEnv['Variables'] & { staffSession?: TStaffSession };
};

/**
 * Issue 33: finds the staff session of the `staff_sid` cookie (never a buyer's `sid`, never a
 * Bearer token: the console is a browser app). Routes decide what they need with requireStaff.
 */
export function authenticateStaff(db: TDb, secureCookies: boolean): MiddlewareHandler<TStaffEnv> {
  const name = staffCookieName(secureCookies);
  return async (c, next) => {
    const token = getCookie(c, name);
    if (token && /^[\w-]{20,100}$/.test(token)) {
      const found = await findStaffSession(db, token);
      if (found) c.set('staffSession', found);
    }
    await next();
  };
}

/**
 * The staff member of a request whose role is one of `roles`, past the second factor: else 401
 * (no staff session, or only the password given) or 403 (another role). Every staff call starts
 * with it, in the api, whatever the pages show.
 */
export function requireStaff(c: Context<TStaffEnv>, roles: readonly TStaffRole[]): TStaff {
  const locale = c.get('locale');
  const session = c.get('staffSession');
  if (session?.stage !== 'full')
    throw new AppError('staff_unauthenticated', API_MESSAGES[locale].staff.staff_unauthenticated);
  if (!roles.includes(session.staff.role))
    throw new AppError('staff_forbidden', API_MESSAGES[locale].staff.staff_forbidden);
  return session.staff;
}

/**
 * requireStaff for a call about one event: a producer or a gate agent outside their events gets
 * the same 403 as a role that may not act at all (an id they do not own tells them nothing).
 */
export function requireStaffForEvent(
  c: Context<TStaffEnv>,
  roles: readonly TStaffRole[],
  eventId: number,
): TStaff {
  const staff = requireStaff(c, roles);
  if (!staffCoversEvent(staff, eventId))
    throw new AppError('staff_forbidden', API_MESSAGES[c.get('locale')].staff.staff_forbidden);
  return staff;
}
