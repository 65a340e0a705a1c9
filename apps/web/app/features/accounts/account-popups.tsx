import { OngoingPurchaseDialog } from '~/features/checkout/ongoing-purchase-dialog.tsx';
import type { TShellUser } from '~/features/shell/load-shell.server.ts';
import { GenderDialog } from './gender-dialog.tsx';
import { PhoneVerificationDialog } from './phone-verification-dialog.tsx';

/**
 * The pop-ups every page may show a logged-in user (loaded lazily by the root only when needed):
 * phone verification first, then the gender question, then an ongoing purchase (one at a time).
 */
export default function AccountPopups({
  user,
  phone,
  gender,
  ongoing = false,
}: {
  user: TShellUser;
  phone: boolean;
  gender: boolean;
  ongoing?: boolean;
}) {
  if (phone) return <PhoneVerificationDialog user={user} />;
  if (gender) return <GenderDialog user={user} />;
  if (ongoing) return <OngoingPurchaseDialog />;
  return null;
}
