import {
  GENDERS,
  NATIONALITY,
  PHONE_CODE_LENGTH,
  type TGender,
  type TNationality,
} from '@ingressos/domain/account';
import { isMinor, parseBirthDate } from '@ingressos/domain/birth-date';
import { isValidCpf } from '@ingressos/domain/cpf';
import {
  EMAIL_MAX,
  isEmail,
  isValidForeignDocument,
  normalizeDocument,
  parseLoginIdentifier,
  parseResetIdentifier,
} from '@ingressos/domain/documents';
import { isStrongPassword, PASSWORD_MAX } from '@ingressos/domain/password';
import { nameProblem } from '@ingressos/domain/person-name';
import { isValidPhone, PHONE_MIN } from '@ingressos/domain/phone';
import { z } from 'zod';
import type { TAccountMessageKey } from './account-messages.ts';

/**
 * One schema per account endpoint (spec §3, §5, §7), used by the handler and by the form.
 * Issue messages are keys of ACCOUNT_MESSAGES, turned into text in the right language later.
 */

type K = TAccountMessageKey;
type TCtx = z.RefinementCtx;
/** Cross-field rules run even when a field already failed, so a form shows every problem at once. */
const always = { when: () => true } as const;

const issue = (ctx: TCtx, path: string, message: K) =>
  ctx.addIssue({ code: 'custom', path: [path], message });
const text = (required: K, max: number, tooLong: K = 'invalidField') =>
  z.string({ error: required }).max(max, tooLong);

const NAME_PROBLEMS = {
  characters: 'nameCharacters',
  required: 'nameRequired',
  email: 'nameEmail',
  fullName: 'nameFull',
  tooLong: 'nameTooLong',
} as const;

export const ZNationality = z.literal([NATIONALITY.brazilian, NATIONALITY.others], {
  error: 'nationalityRequired',
});
export const ZGender = z.literal(GENDERS as [TGender, ...TGender[]], { error: 'genderRequired' });

const ZName = text('nameRequired', 1000).superRefine((value, ctx) => {
  const problem = nameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: NAME_PROBLEMS[problem] });
});
export const ZEmail = text('emailRequired', 1000)
  .trim()
  .toLowerCase()
  .min(1, { error: 'emailRequired', abort: true })
  .max(EMAIL_MAX, 'emailInvalid')
  .refine(isEmail, 'emailInvalid');
const ZNewPassword = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired', abort: true })
  .max(PASSWORD_MAX, 'passwordTooLong')
  .refine(isStrongPassword, 'passwordWeak');
/** The national number: digits only (the input drops a leading zero and formats per country). */
const ZPhone = text('phoneRequired', 20, 'phoneInvalid')
  .min(1, { error: 'phoneRequired', abort: true })
  .regex(/^\d+$/, { error: 'phoneInvalid', abort: true })
  .min(PHONE_MIN, 'phoneMin');
/** The dial code with its plus sign: '+55'. */
const ZDdi = z.string({ error: 'ddiInvalid' }).regex(/^\+\d{1,4}$/, 'ddiInvalid');
const ZIbgeId = z
  .number({ error: 'invalidField' })
  .int('invalidField')
  .positive('invalidField')
  .max(9_999_999);

type TPhoneFields = { phone?: unknown; ddiPhone?: unknown };
function refinePhone(value: TPhoneFields, ctx: TCtx) {
  const { phone, ddiPhone } = value;
  if (typeof phone !== 'string' || typeof ddiPhone !== 'string' || !/^\d{8,}$/.test(phone)) return;
  if (!isValidPhone(phone, ddiPhone)) issue(ctx, 'phone', 'phoneInvalid');
}

const registerShape = {
  nationality: ZNationality,
  name: ZName,
  email: ZEmail,
  password: ZNewPassword,
  ddiPhone: ZDdi,
  phone: ZPhone,
  /** CPF for Brazilians (mask optional), the foreign document for others. */
  cpf: text('documentRequired', 64, 'documentInvalid'),
  /** DD/MM/YYYY for Brazilians, YYYY-MM-DD for others. */
  birthDate: text('birthDateRequired', 10, 'birthDateInvalid'),
  responsibleCPF: z.string().max(64, 'responsibleDocumentInvalid').nullish(),
  gender: ZGender,
  stateID: ZIbgeId.nullish(),
  cityID: ZIbgeId.nullish(),
  /** The Terms of use and the Privacy policy accepted (LGPD consent, recorded with its version). */
  acceptTerms: z.literal(true, { error: 'termsRequired' }),
};

type TRegisterLike = Partial<Record<keyof typeof registerShape, unknown>>;

/** The rules that depend on nationality and on other fields (spec §5). */
function refineRegistration(value: TRegisterLike, ctx: TCtx) {
  if (!value || typeof value !== 'object') return;
  const nationality = value.nationality === 0 || value.nationality === 1 ? value.nationality : undefined;
  refinePhone(value, ctx);
  if (nationality === undefined) return;
  const brazilian = nationality === NATIONALITY.brazilian;
  const cpf = typeof value.cpf === 'string' ? value.cpf.trim() : undefined;
  if (cpf !== undefined && cpf.length <= 64) {
    if (brazilian && !isValidCpf(cpf)) issue(ctx, 'cpf', cpf ? 'cpfInvalid' : 'cpfRequired');
    if (!brazilian && !isValidForeignDocument(cpf))
      issue(ctx, 'cpf', cpf ? 'documentInvalid' : 'documentRequired');
  }
  if (typeof value.birthDate === 'string' && value.birthDate.length <= 10) {
    const birth = parseBirthDate(value.birthDate, nationality);
    if (!birth) issue(ctx, 'birthDate', value.birthDate ? 'birthDateInvalid' : 'birthDateRequired');
    else if (isMinor(birth)) refineGuardian(value.responsibleCPF, cpf, brazilian, ctx);
  }
  if (brazilian) {
    if (value.stateID == null) issue(ctx, 'stateID', 'stateRequired');
    if (value.cityID == null) issue(ctx, 'cityID', 'cityRequired');
  }
}

function refineGuardian(raw: unknown, ownDocument: string | undefined, brazilian: boolean, ctx: TCtx) {
  const guardian = typeof raw === 'string' ? raw.trim() : '';
  if (!guardian) return issue(ctx, 'responsibleCPF', 'responsibleRequired');
  if (guardian.length > (brazilian ? 14 : 30)) {
    return issue(ctx, 'responsibleCPF', brazilian ? 'responsibleCpfInvalid' : 'responsibleDocumentInvalid');
  }
  if (brazilian && !isValidCpf(guardian)) return issue(ctx, 'responsibleCPF', 'responsibleCpfInvalid');
  if (!brazilian && !isValidForeignDocument(guardian)) {
    return issue(ctx, 'responsibleCPF', 'responsibleDocumentInvalid');
  }
  if (ownDocument && normalizeDocument(guardian) === normalizeDocument(ownDocument)) {
    issue(ctx, 'responsibleCPF', 'responsibleSame');
  }
}

/** POST api/registerclient (the captcha travels in the X-Captcha-Token header). */
export const ZRegisterRequest = z.object(registerShape).superRefine(refineRegistration, always);
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The register form: the request plus the confirmation and the captcha answer. */
export const ZRegisterForm = z
  .object({
    ...registerShape,
    confirmPassword: z
      .string({ error: 'confirmPasswordRequired' })
      .min(1, { error: 'confirmPasswordRequired', abort: true }),
    captcha: z.string({ error: 'captchaRequired' }).min(1, { error: 'captchaRequired', abort: true }),
  })
  .superRefine((value, ctx) => {
    refineRegistration(value, ctx);
    if (value?.confirmPassword && value.confirmPassword !== value.password) {
      issue(ctx, 'confirmPassword', 'passwordMismatch');
    }
  }, always);
export type TRegisterForm = z.input<typeof ZRegisterForm>;

/** The message language of a registration: by its nationality, else the visitor's. */
export function registrationLocale(value: unknown, fallback: 'pt-BR' | 'en'): 'pt-BR' | 'en' {
  const nationality = (value as { nationality?: unknown } | null)?.nationality;
  if (nationality === NATIONALITY.brazilian) return 'pt-BR';
  if (nationality === NATIONALITY.others) return 'en';
  return fallback;
}

/** POST api/v2/websiteuserlogin: the identifier (e-mail, CPF or foreign document) is normalised. */
export const ZLoginRequest = z.object({
  email: z
    .string({ error: 'loginRequired' })
    .trim()
    .min(1, { error: 'loginRequired', abort: true })
    .max(EMAIL_MAX, 'loginInvalid')
    .refine((v) => parseLoginIdentifier(v) !== null, 'loginInvalid')
    .transform((v) => parseLoginIdentifier(v)?.value ?? v),
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, { error: 'passwordRequired', abort: true })
    .max(PASSWORD_MAX, 'passwordTooLong'),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZLoginForm = ZLoginRequest.extend({
  captcha: z.string({ error: 'captchaRequired' }).min(1, { error: 'captchaRequired', abort: true }),
});
export type TLoginForm = z.input<typeof ZLoginForm>;

/** The forgot-password pop-up's one field. */
export const ZForgotPasswordForm = z.object({
  identifier: z
    .string({ error: 'resetIdentifierInvalid' })
    .max(EMAIL_MAX, 'resetIdentifierInvalid')
    .refine((v) => parseResetIdentifier(v) !== null, 'resetIdentifierInvalid'),
});

/** POST api/v2/webiste/sendResetPasswordEmail (identifierType: e-mail 0, CPF 1, document 2). */
export const ZSendResetPasswordRequest = z
  .object({
    identifier: z.string({ error: 'resetIdentifierInvalid' }).max(EMAIL_MAX, 'resetIdentifierInvalid'),
    identifierType: z.literal([0, 1, 2], { error: 'resetIdentifierInvalid' }),
  })
  .superRefine((value, ctx) => {
    const parsed = parseResetIdentifier(value.identifier);
    if (!parsed || parsed.identifierType !== value.identifierType)
      issue(ctx, 'identifier', 'resetIdentifierInvalid');
  })
  // The CPF as digits, the e-mail lower-cased, the document upper-cased: as they are stored.
  .transform((value) => ({
    ...value,
    identifier: parseResetIdentifier(value.identifier)?.identifier ?? value.identifier,
  }));
export type TSendResetPasswordRequest = z.output<typeof ZSendResetPasswordRequest>;

/** POST api/website/NewResetPassword. */
export const ZNewResetPasswordRequest = z.object({
  id: z.uuid({ error: 'resetLinkInvalid' }),
  code: z.string({ error: 'resetLinkInvalid' }).regex(/^[\w-]{20,100}$/, 'resetLinkInvalid'),
  password: ZNewPassword,
});
export type TNewResetPasswordRequest = z.infer<typeof ZNewResetPasswordRequest>;

export const ZNewResetPasswordForm = ZNewResetPasswordRequest.extend({
  confirmPassword: z
    .string({ error: 'confirmPasswordRequired' })
    .min(1, { error: 'confirmPasswordRequired', abort: true }),
}).superRefine((value, ctx) => {
  if (value?.confirmPassword && value.confirmPassword !== value.password) {
    issue(ctx, 'confirmPassword', 'passwordMismatch');
  }
}, always);
export type TNewResetPasswordForm = z.input<typeof ZNewResetPasswordForm>;

/** POST api/v2/match-code: exactly 6 digits (spec §5). */
export const ZMatchCodeRequest = z.object({
  code: z.string({ error: 'codeInvalid' }).regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), 'codeInvalid'),
});

/**
 * POST api/website/updatemyaccount (spec §3 account update payload). Every field but Id is
 * optional, so the gender pop-up sends {Id, gender}. Login (e-mail), CPF, birth date and
 * nationality identify the person: they may be sent back unchanged, never changed.
 */
export const ZUpdateAccountRequest = z
  .object({
    Id: z.uuid({ error: 'userIdInvalid' }),
    Name: ZName.optional(),
    ddiPhone: ZDdi.optional(),
    phone: ZPhone.optional(),
    gender: ZGender.optional(),
    stateIBGEId: ZIbgeId.nullish(),
    cityIBGEId: ZIbgeId.nullish(),
    nationality: ZNationality.optional(),
    login: z.string().max(EMAIL_MAX, 'invalidField').optional(),
    cpf: z.string().max(64, 'invalidField').optional(),
    birthDate: z.string().max(10, 'invalidField').optional(),
  })
  .superRefine((value, ctx) => {
    if (!value || typeof value !== 'object') return;
    if ((value.phone === undefined) !== (value.ddiPhone === undefined)) issue(ctx, 'phone', 'phoneInvalid');
    refinePhone(value, ctx);
    if (value.stateIBGEId !== undefined && value.cityIBGEId == null) issue(ctx, 'cityIBGEId', 'cityRequired');
  }, always);
export type TUpdateAccountRequest = z.infer<typeof ZUpdateAccountRequest>;
export type TUpdateAccountForm = z.input<typeof ZUpdateAccountRequest>;

/** POST api/newunsubscribe. */
export const ZUnsubscribeRequest = z.object({ userId: z.uuid({ error: 'userIdInvalid' }) });

/** GET /api/utils/validateEmail?email= */
export const ZValidateEmailQuery = z.object({ email: ZEmail });
export type TValidateEmailResponse = { email: string; isAvailableEmail: boolean; isRegisteredUser: boolean };

/** Spec §3 User, as the session and the account calls answer it. */
export type TUser = {
  id: string;
  name: string;
  email: string;
  /** CPF digits for Brazilians, the foreign document for others. */
  cpf: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  gender: number | null;
  nationality: TNationality;
  ddiPhone: string;
  phone: string;
  cityIBGE: number | null;
  stateIBGE: number | null;
  cityId: number | null;
  stateId: number | null;
  isPhoneVerified: boolean;
  emailVerified: boolean;
};

/** POST api/v2/websiteuserlogin answer: the client record with isPhoneVerified, and the token. */
export type TLoginResponse = {
  token: string;
  expiresAt: string;
  Name: string;
  ClientData: { isPhoneVerified: boolean };
  user: TUser;
};

/** GET api/v2/authentication: the token is returned only to Bearer clients (see docs/decisions.md). */
export type TAuthenticationResponse = { token: string | null; expiresAt: string; user: TUser };

/** POST api/v3/send-sms-code answer: seconds left and the instant the code expires. */
export type TSendSmsCodeResponse = { expiredIn: number; expiresAt: string };

/** POST api/v2/match-code failure: error.type not_found means no code or an expired one. */
export type TMatchCodeError = {
  Message: string;
  code: string;
  error: { type: 'not_found' | 'invalid_code' };
};

export type TSendResetPasswordResponse = { status: 'email_sent'; email: string };

/** GET api/addresses/states and cities/{stateId}. IDs are the IBGE codes. */
export type TState = { StateID: number; Name: string; IdIBGE: number; UF: string };
export type TCity = { CityID: number; Name: string };

/** GET api/captcha/config: what the captcha widget needs. */
export type TCaptchaConfig = {
  provider: 'local' | 'off' | 'turnstile' | 'hcaptcha' | 'recaptcha';
  siteKey: string | null;
};
export const CAPTCHA_HEADER = 'x-captcha-token';
/** Stable value the form sends when the captcha is switched off. */
export const CAPTCHA_OFF_TOKEN = 'off';
