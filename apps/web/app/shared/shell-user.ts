/** The little the frame of every page needs about the logged-in user. */
export type TShellUser = {
  id: string;
  firstName: string;
  isPhoneVerified: boolean;
  /** Spec §4: the gender pop-up shows while gender is null or 0. */
  needsGender: boolean;
  /** '+55 (11) 98765-4321', for the phone-verification pop-up. */
  phone: string;
  emailVerified: boolean;
  /** Transfers waiting for this user's answer (the received-transfer pop-up, the bell's badge). */
  pendingTransfers: number;
  /** §4 "Ongoing purchase": a pending payment awaits them (the pop-up checks again before it opens). */
  ongoingPurchase: boolean;
};
