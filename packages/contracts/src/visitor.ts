import { z } from 'zod';

/**
 * Issue 18: what the frame of a shared page shows of the logged-in visitor, asked by the browser
 * after load (`GET /api/visitor`), so the page's HTML itself is the same for everybody. Only what
 * the header and the account pop-ups use: no CPF, no e-mail, no full name.
 */
export const ZShellUser = z.object({
  id: z.string(),
  /** The header's greeting. */
  firstName: z.string(),
  isPhoneVerified: z.boolean(),
  /** Spec §4: the gender pop-up shows while gender is null or 0. */
  needsGender: z.boolean(),
  /** '+55 (11) 98765-4321', for the phone-verification pop-up. */
  phone: z.string(),
  emailVerified: z.boolean(),
  /** Transfers waiting for this user's answer (the received-transfer pop-up, the bell's badge). */
  pendingTransfers: z.number().int().nonnegative(),
  /** §4 "Ongoing purchase": a pending payment awaits them (the pop-up checks again before it opens). */
  ongoingPurchase: z.boolean(),
});
export type TShellUser = z.infer<typeof ZShellUser>;

/** `user` is null for a visitor without a session; a session that ended answers 401 and clears its cookie. */
export const ZVisitorAnswer = z.object({ user: ZShellUser.nullable() });
export type TVisitorAnswer = z.infer<typeof ZVisitorAnswer>;
