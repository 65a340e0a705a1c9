import { z } from 'zod';
import type {
  TAuthenticationResponse,
  TCaptchaConfig,
  TCity,
  TLoginResponse,
  TMatchCodeError,
  TSendResetPasswordResponse,
  TSendSmsCodeResponse,
  TState,
  TUser,
  TValidateEmailResponse,
} from './accounts.ts';
import { sameShape, type TSame } from './type-equal.ts';

/**
 * The answers of the account calls (accounts §7) as schemas, for the OpenAPI document
 * (endpoint-schemas.ts). The hand-written types in accounts.ts stay what code reads; each schema
 * is proven equal to its type at compile time, so the two cannot drift.
 */

export const ZUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().describe('CPF digits for Brazilians, the foreign document for others'),
  birthDate: z.string().describe('YYYY-MM-DD'),
  gender: z.number().nullable(),
  nationality: z.literal([0, 1]),
  ddiPhone: z.string(),
  phone: z.string(),
  cityIBGE: z.number().nullable(),
  stateIBGE: z.number().nullable(),
  cityId: z.number().nullable(),
  stateId: z.number().nullable(),
  isPhoneVerified: z.boolean(),
  emailVerified: z.boolean(),
});
sameShape<TSame<z.output<typeof ZUser>, TUser>>(true);

export const ZLoginResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  Name: z.string(),
  ClientData: z.object({ isPhoneVerified: z.boolean() }),
  user: ZUser,
});
sameShape<TSame<z.output<typeof ZLoginResponse>, TLoginResponse>>(true);

export const ZAuthenticationResponse = z.object({
  token: z.string().nullable().describe('Returned only to Bearer clients'),
  expiresAt: z.string(),
  user: ZUser,
});
sameShape<TSame<z.output<typeof ZAuthenticationResponse>, TAuthenticationResponse>>(true);

/** What registration answers (201): the new session, as login gives it. */
export const ZRegisterResponse = z.object({
  Message: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  user: ZUser,
});

/** The plain confirmation several calls give: a text a person reads. */
export const ZMessageAnswer = z.object({ Message: z.string() });
export const ZUserMessageAnswer = z.object({ Message: z.string(), user: ZUser });
export const ZOkAnswer = z.object({ ok: z.literal(true) });

export const ZValidateEmailResponse = z.object({
  email: z.string(),
  isAvailableEmail: z.boolean(),
  isRegisteredUser: z.boolean(),
});
sameShape<TSame<z.output<typeof ZValidateEmailResponse>, TValidateEmailResponse>>(true);

export const ZSendSmsCodeResponse = z.object({ expiredIn: z.number(), expiresAt: z.string() });
sameShape<TSame<z.output<typeof ZSendSmsCodeResponse>, TSendSmsCodeResponse>>(true);

/** POST api/v2/match-code's 400: error.type not_found means no code or an expired one. */
export const ZMatchCodeError = z.object({
  Message: z.string(),
  code: z.string(),
  error: z.object({ type: z.enum(['not_found', 'invalid_code']) }),
});
sameShape<TSame<z.output<typeof ZMatchCodeError>, TMatchCodeError>>(true);

export const ZSendResetPasswordResponse = z.object({ status: z.literal('email_sent'), email: z.string() });
sameShape<TSame<z.output<typeof ZSendResetPasswordResponse>, TSendResetPasswordResponse>>(true);

export const ZState = z.object({ StateID: z.number(), Name: z.string(), IdIBGE: z.number(), UF: z.string() });
sameShape<TSame<z.output<typeof ZState>, TState>>(true);
export const ZCity = z.object({ CityID: z.number(), Name: z.string() });
sameShape<TSame<z.output<typeof ZCity>, TCity>>(true);

/** GET api/v1/localidades/estados and …/municipios: the IBGE service's own shapes. */
export const ZIbgeState = z.object({
  id: z.number(),
  sigla: z.string(),
  nome: z.string(),
  regiao: z.object({ id: z.number(), sigla: z.string(), nome: z.string() }),
});
export const ZIbgeMunicipality = z.object({ id: z.number(), nome: z.string() });

/** GET api/addresses/postal-code/{cep}. */
export const ZPostalAddress = z.object({
  cep: z.string(),
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  uf: z.string(),
  cityIBGE: z.number().nullable(),
});

export const ZCaptchaConfig = z.object({
  provider: z.enum(['local', 'off', 'turnstile', 'hcaptcha', 'recaptcha']),
  siteKey: z.string().nullable(),
});
sameShape<TSame<z.output<typeof ZCaptchaConfig>, TCaptchaConfig>>(true);
export const ZCaptchaToken = z.object({ token: z.string() });
