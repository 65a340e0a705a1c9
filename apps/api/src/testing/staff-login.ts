import type {
  TStaffAccount,
  TStaffLoginAnswer,
  TStaffMe,
  TStaffTotpEnrolAnswer,
} from '@ingressos/contracts/staff';
import { generate } from 'otplib';
import { and, desc, eq } from '../db/orm.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { fromIp } from './accounts.ts';
import type { TTestApp } from './test-app.ts';

export const STAFF_PASSWORD = 'Console#2026';

let serial = 0;

// biome-ignore lint/suspicious/noExplicitAny: each test reads the answer of the call it made
export type TStaffCall = { status: number; body: any; cookie: string | null; headers: Headers; text: string };

/**
 * For the staff-account API tests: a request to the app from an address (the staff login limit is
 * per IP, so each test person uses their own unless told), answering the parsed body and the
 * staff cookie the answer set (name=value), if any.
 */
export function staffCaller(t: TTestApp) {
  return async (
    method: string,
    path: string,
    options: { body?: unknown; cookie?: string | null; ip?: string; headers?: Record<string, string> } = {},
  ): Promise<TStaffCall> => {
    const response = await t.app.request(
      `http://localhost${path}`,
      {
        method,
        headers: {
          'content-type': 'application/json',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      },
      fromIp(options.ip ?? '203.0.113.10'),
    );
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {}
    const set = response.headers.getSetCookie().find((c) => /^(__Host-)?staff_sid=/.test(c));
    const cookie = set && !/staff_sid=;/.test(set) ? set.split(';')[0]! : null;
    return { status: response.status, body, cookie, headers: response.headers, text };
  };
}

/** The token of the newest invitation e-mailed to `email` (the local mailbox, once the outbox ran). */
export async function invitationToken(t: TTestApp, email: string): Promise<string> {
  await t.app.outbox.drain();
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/\/console\/convite\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return decodeURIComponent(token);
}

/** The code an authenticator app shows now, or `steps` periods away. */
export const totpCode = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

export type TEnrolledStaff = {
  account: TStaffAccount;
  email: string;
  ip: string;
  secret: string;
  recoveryCodes: string[];
  /** The full session's cookie after the enrolment. */
  cookie: string;
  me: TStaffMe;
};

/**
 * The whole path of a new staff member through the API: an administrator (`adminCookie`) invites,
 * the invitation mail's link is accepted with a password, the first login enrols TOTP (the QR's
 * secret) and confirms it with a code computed like an authenticator app does.
 */
export async function inviteAndEnrol(
  t: TTestApp,
  adminCookie: string,
  input: { role: string; eventIds?: number[]; name?: string },
): Promise<TEnrolledStaff> {
  serial += 1;
  const call = staffCaller(t);
  const email = `staff-${Date.now().toString(36)}-${serial}@bilheto.test`;
  const ip = `198.51.100.${(serial % 200) + 20}`;
  const invited = await call('POST', '/api/staff/accounts', {
    cookie: adminCookie,
    body: { email, name: input.name ?? `Pessoa ${serial}`, role: input.role, eventIds: input.eventIds ?? [] },
  });
  if (invited.status !== 201) throw new Error(`invite answered ${invited.status}: ${invited.text}`);
  const token = await invitationToken(t, email);
  const accepted = await call('POST', '/api/staff/invitations/accept', {
    ip,
    body: { token, password: STAFF_PASSWORD },
  });
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);
  const login = await call('POST', '/api/staff/login', { ip, body: { email, password: STAFF_PASSWORD } });
  if ((login.body as TStaffLoginAnswer).next !== 'enrol' || !login.cookie)
    throw new Error(`login answered ${login.status}: ${login.text}`);
  const enrol = await call('POST', '/api/staff/totp/enrol', { ip, cookie: login.cookie });
  const { secret } = enrol.body as TStaffTotpEnrolAnswer;
  const confirmed = await call('POST', '/api/staff/totp/confirm', {
    ip,
    cookie: login.cookie,
    body: { code: await totpCode(secret) },
  });
  if (confirmed.status !== 200 || !confirmed.cookie)
    throw new Error(`confirm answered ${confirmed.status}: ${confirmed.text}`);
  return {
    account: invited.body.account,
    email,
    ip,
    secret,
    recoveryCodes: confirmed.body.recoveryCodes,
    cookie: confirmed.cookie,
    me: confirmed.body.me,
  };
}
