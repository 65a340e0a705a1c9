import { z } from 'zod';

/**
 * The site's remote switches (accounts §7 "remote configuration for feature flags"): kept in the
 * database, with the environment's values as the first defaults, read by every process at most
 * `refreshMs` old (120 s by default) and by the browser through GET /api/site/flags.
 */
export const ZSiteFlags = z.object({
  /** Facial biometry offered at all, required on login, required on register (accounts §4). */
  biometryFacialGlobal: z.boolean(),
  biometryRequiredOnLogin: z.boolean(),
  biometryRequiredOnRegister: z.boolean(),
  /** Hours a manual biometry review may take (the promise shown to the person). */
  biometryManualReviewHours: z.number().int().min(1).max(720),
  /** The support chat widget and the customer-relations form embed (off by default). */
  chatWidget: z.boolean(),
  crmForm: z.boolean(),
});
export type TSiteFlags = z.infer<typeof ZSiteFlags>;
export type TSiteFlagName = keyof TSiteFlags;

/** PUT /api/admin/site-flags: the switches to change, at least one. */
export const ZSiteFlagsPatch = ZSiteFlags.partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one flag' });
export type TSiteFlagsPatch = z.infer<typeof ZSiteFlagsPatch>;

/** GET /api/site/flags: the switches, the scripts to load for those that are on, and how often to ask again. */
export const ZSiteFlagsAnswer = z.object({
  flags: ZSiteFlags,
  /** The provider script of each widget that is on and configured; null otherwise. */
  scripts: z.object({ chatWidget: z.url().nullable(), crmForm: z.url().nullable() }),
  /** Milliseconds before asking again (the answer's Cache-Control max-age says the same). */
  refreshMs: z.number().int().positive(),
  updatedAt: z.string().nullable(),
});
export type TSiteFlagsAnswer = z.infer<typeof ZSiteFlagsAnswer>;

/** POST /api/privacy/cookie-consent: a logged-in visitor's cookie choice, recorded with its date and version. */
export const ZCookieConsentRequest = z.object({ analytics: z.boolean(), marketing: z.boolean() }).strict();
export type TCookieConsentRequest = z.infer<typeof ZCookieConsentRequest>;
export const ZCookieConsentAnswer = z.object({
  analytics: z.boolean(),
  marketing: z.boolean(),
  version: z.string(),
  recordedAt: z.string(),
});
export type TCookieConsentAnswer = z.infer<typeof ZCookieConsentAnswer>;
