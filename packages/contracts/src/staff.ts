import { PASSWORD_MAX } from '@ingressos/domain/password';
import { z } from 'zod';
import { ZSiteFlagsPatch } from './site-flags.ts';

/**
 * Issue 33, the operator's console: staff accounts, their login with a second factor (TOTP, with
 * recovery codes), invitations, the administrator's calls and the audit log's reading. Staff are
 * not buyers: their own cookie (`staff_sid`), their own calls under /api/staff. The console's
 * screens read these types; the API parses with them.
 *
 * Refusals (`code`, status): staff_invalid_credentials 401 (unknown e-mail, wrong password or an
 * account not active: one answer), staff_locked 423 (5 failures in a row: 15 minutes, or an admin's
 * unlock), staff_invalid_code 401 (a TOTP or recovery code wrong or already used),
 * staff_unauthenticated 401 (no session, or a half-way one where a full one is needed),
 * staff_forbidden 403, staff_totp_already_enrolled / staff_totp_enrol_first / staff_totp_not_enrolled
 * 409, staff_invitation_invalid 404, staff_invitation_expired 410, staff_password_weak 400,
 * staff_email_taken 409, staff_not_found 404, staff_last_admin 409, staff_event_not_found 404,
 * staff_commissioner_not_found 404, staff_commissioner_hash_taken 409, too_many_requests 429.
 */

/** What each staff member is; the same list as apps/api modules/staff/roles.ts (a type test ties them). */
export const STAFF_ROLE_NAMES = ['admin', 'support', 'biometry_reviewer', 'producer', 'gate'] as const;
export const ZStaffRole = z.enum(STAFF_ROLE_NAMES);
export type TStaffRoleName = z.infer<typeof ZStaffRole>;
/** Roles limited to their own events: a producer to one or more, a gate agent to exactly one. */
export const STAFF_SCOPED_ROLES: readonly TStaffRoleName[] = ['producer', 'gate'];

export const STAFF_ACCOUNT_STATUSES = ['invited', 'active', 'disabled'] as const;
export const ZStaffAccountStatus = z.enum(STAFF_ACCOUNT_STATUSES);

const ZStaffEmail = z.string().trim().toLowerCase().max(254).pipe(z.email());
const ZEventIds = z.array(z.number().int().positive().max(2_147_483_647)).max(200);
const ZUuid = z.uuid();
/** Six digits from the authenticator app. */
const ZTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'six digits');
/** A recovery code as printed (xxxxx-xxxxx); spaces and case do not matter. */
const ZRecoveryCode = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9 -]{10,40}$/, 'a recovery code');

/** POST /api/staff/login */
export const ZStaffLoginRequest = z.object({
  email: ZStaffEmail,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type TStaffLoginRequest = z.infer<typeof ZStaffLoginRequest>;

/**
 * The password was right: the session is half-way ('password' stage). `totp`: ask the code (or a
 * recovery code); `enrol`: first login, set up the authenticator (enrol, then confirm).
 */
export const ZStaffLoginAnswer = z.object({ next: z.enum(['totp', 'enrol']) });
export type TStaffLoginAnswer = z.infer<typeof ZStaffLoginAnswer>;

/** POST /api/staff/login/totp: the code of the app, or one of the recovery codes. */
export const ZStaffLoginTotpRequest = z.union([
  z.object({ code: ZTotpCode }).strict(),
  z.object({ recoveryCode: ZRecoveryCode }).strict(),
]);
export type TStaffLoginTotpRequest = z.infer<typeof ZStaffLoginTotpRequest>;

/** GET /api/staff/me (and the answer of a completed login): who is logged in, and how far. */
export const ZStaffMe = z.object({
  id: ZUuid,
  email: z.string(),
  name: z.string(),
  role: ZStaffRole,
  eventIds: z.array(z.number().int()),
  /** 'password': only the second factor may follow; 'full': the console is open. */
  stage: z.enum(['password', 'full']),
  totpEnrolled: z.boolean(),
  /** Recovery codes still unused (to warn when few remain). */
  recoveryCodesLeft: z.number().int(),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;

/** POST /api/staff/totp/enrol: a new secret for the authenticator app (not active until confirmed). */
export const ZStaffTotpEnrolAnswer = z.object({
  /** otpauth://totp/Bilheto:ana@…?secret=…&issuer=Bilheto (what the QR holds). */
  otpauthUri: z.string(),
  /** The same URI as a QR code, an SVG document to show inline. */
  qrSvg: z.string(),
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type TStaffTotpEnrolAnswer = z.infer<typeof ZStaffTotpEnrolAnswer>;

/** POST /api/staff/totp/confirm: the first code from the app turns TOTP on. */
export const ZStaffTotpConfirmRequest = z.object({ code: ZTotpCode }).strict();
/** Shown once: only their SHA-256 is kept. The session is now 'full'. */
export const ZStaffTotpConfirmAnswer = z.object({
  recoveryCodes: z.array(z.string()).length(10),
  me: ZStaffMe,
});
export type TStaffTotpConfirmAnswer = z.infer<typeof ZStaffTotpConfirmAnswer>;

/** A staff account as the administrator sees it (never a hash, a secret or a code). */
export const ZStaffAccount = z.object({
  id: ZUuid,
  email: z.string(),
  name: z.string(),
  role: ZStaffRole,
  eventIds: z.array(z.number().int()),
  status: ZStaffAccountStatus,
  totpEnrolled: z.boolean(),
  /** Set while the account is locked by failed logins (ISO). */
  lockedUntil: z.string().nullable(),
  failedLogins: z.number().int(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccount>;

/** GET /api/staff/accounts */
export const ZStaffAccountsAnswer = z.object({ accounts: z.array(ZStaffAccount) });
export type TStaffAccountsAnswer = z.infer<typeof ZStaffAccountsAnswer>;

/**
 * A producer names their events (at least one), a gate agent exactly one; the other roles see
 * every event and name none.
 */
function checkScope(value: { role?: TStaffRoleName; eventIds?: number[] }, ctx: z.RefinementCtx) {
  if (!value.role) return;
  const ids = value.eventIds ?? [];
  if (value.role === 'gate' && ids.length !== 1)
    ctx.addIssue({ code: 'custom', path: ['eventIds'], message: 'a gate agent works exactly one event' });
  else if (value.role === 'producer' && ids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['eventIds'], message: 'a producer needs at least one event' });
  else if (!STAFF_SCOPED_ROLES.includes(value.role) && ids.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['eventIds'],
      message: 'only producers and gate agents have events',
    });
}

/** POST /api/staff/accounts: invite someone (an 'invited' account and an e-mail with the link). */
export const ZCreateStaffAccountRequest = z
  .object({
    email: ZStaffEmail,
    name: z.string().trim().min(2).max(120),
    role: ZStaffRole,
    eventIds: ZEventIds.default([]),
  })
  .strict()
  .superRefine(checkScope);
export type TCreateStaffAccountRequest = z.input<typeof ZCreateStaffAccountRequest>;
export const ZCreateStaffAccountAnswer = z.object({
  account: ZStaffAccount,
  /** When the e-mailed link stops working (ISO). */
  invitationExpiresAt: z.string(),
});
export type TCreateStaffAccountAnswer = z.infer<typeof ZCreateStaffAccountAnswer>;

/**
 * PATCH /api/staff/accounts/:id: any of role, events, status (disabling ends the account's sessions;
 * 'active' on an account that never accepted its invitation leaves it 'invited').
 */
export const ZUpdateStaffAccountRequest = z
  .object({
    role: ZStaffRole.optional(),
    eventIds: ZEventIds.optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.eventIds !== undefined || v.status !== undefined, {
    message: 'name at least one of role, eventIds, status',
  });
export type TUpdateStaffAccountRequest = z.infer<typeof ZUpdateStaffAccountRequest>;
export const ZStaffAccountParams = z.object({ id: ZUuid });
export const ZStaffAccountAnswer = z.object({ account: ZStaffAccount });
export type TStaffAccountAnswer = z.infer<typeof ZStaffAccountAnswer>;

/** POST /api/staff/invitations/accept: the link's token and the new password (the buyers' rules). */
export const ZAcceptStaffInvitationRequest = z
  .object({
    token: z
      .string()
      .trim()
      .regex(/^[\w-]{20,100}$/, 'the link is incomplete'),
    password: z.string().min(1).max(PASSWORD_MAX),
  })
  .strict();
export type TAcceptStaffInvitationRequest = z.infer<typeof ZAcceptStaffInvitationRequest>;
/** The account is active: log in next (the first login sets up the authenticator). */
export const ZAcceptStaffInvitationAnswer = z.object({ email: z.string(), next: z.literal('login') });
export type TAcceptStaffInvitationAnswer = z.infer<typeof ZAcceptStaffInvitationAnswer>;

/** An opaque keyset cursor, given back by the previous page. */
const ZCursor = z
  .string()
  .max(100)
  .regex(/^[\w-]+$/);
const ZInstant = z.iso.datetime({ offset: true }).or(z.iso.date());

/** GET /api/staff/audit (and audit.csv): filters, newest first; `cursor` from the previous page. */
export const ZStaffAuditQuery = z.object({
  staffId: ZUuid.optional(),
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'noun.verb')
    .optional(),
  targetType: z.string().trim().min(1).max(60).optional(),
  targetId: z.string().trim().min(1).max(120).optional(),
  /** From this instant (inclusive) and before `to` (exclusive); a bare date is its midnight UTC. */
  from: ZInstant.optional(),
  to: ZInstant.optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TStaffAuditQuery = z.input<typeof ZStaffAuditQuery>;

export const ZStaffAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.string().nullable(),
  staffEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type TStaffAuditEntry = z.infer<typeof ZStaffAuditEntry>;
export const ZStaffAuditAnswer = z.object({
  entries: z.array(ZStaffAuditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TStaffAuditAnswer = z.infer<typeof ZStaffAuditAnswer>;

/** PUT /api/staff/site-flags: the switches to change (at least one) and, optionally, why. */
export const ZStaffSiteFlagsRequest = z.object({
  flags: ZSiteFlagsPatch,
  reason: z.string().trim().max(500).optional(),
});
export type TStaffSiteFlagsRequest = z.infer<typeof ZStaffSiteFlagsRequest>;

/** A commissioner with what it sold (paid orders), per currency. */
export const ZStaffCommissioner = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The public hash of its link (`/?id=<hash>`). */
  hash: z.string(),
  active: z.boolean(),
  eventIds: z.array(z.number().int()),
  orders: z.number().int(),
  tickets: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), totalCents: z.number().int() })),
  createdAt: z.string(),
});
export type TStaffCommissioner = z.infer<typeof ZStaffCommissioner>;
export const ZStaffCommissionersAnswer = z.object({ commissioners: z.array(ZStaffCommissioner) });
export type TStaffCommissionersAnswer = z.infer<typeof ZStaffCommissionersAnswer>;

/** POST /api/staff/commissioners: a new commissioner selling these events (a hash is made when none is given). */
export const ZCreateStaffCommissionerRequest = z
  .object({
    name: z.string().trim().min(2).max(120),
    eventIds: ZEventIds.min(1),
    hash: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{6,64}$/, '6 to 64 letters, digits, - or _')
      .optional(),
  })
  .strict();
export type TCreateStaffCommissionerRequest = z.infer<typeof ZCreateStaffCommissionerRequest>;
/** PATCH /api/staff/commissioners/:id: deactivate (or reactivate); a deactivated commissioner's link sells nothing. */
export const ZUpdateStaffCommissionerRequest = z.object({ active: z.boolean() }).strict();
export const ZStaffCommissionerParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZStaffCommissionerAnswer = z.object({ commissioner: ZStaffCommissioner });
export type TStaffCommissionerAnswer = z.infer<typeof ZStaffCommissionerAnswer>;

/** POST /api/staff/logout, unlock: nothing to say beyond success. */
export const ZStaffOkAnswer = z.object({ ok: z.literal(true) });
