import { lazy, Suspense } from 'react';
import { GenderDialog } from '~/features/accounts/gender-dialog.tsx';
import { PhoneVerificationDialog } from '~/features/accounts/phone-verification-dialog.tsx';
import { OngoingPurchaseDialog } from '~/features/checkout/ongoing-purchase-dialog.tsx';
import type { TShellUser } from '~/shared/shell-user.ts';

const TransferPopup = lazy(() => import('~/features/transfers/transfer-popup.tsx'));

/** Spec §4: pages where the received-transfer pop-up never shows. */
const NO_TRANSFER_POPUP =
  /^\/(meus-ingressos|detalhes-do-ingresso|transferencias|reconhecimento-facial|carrinho|minha-conta)(\/|$)/i;

/**
 * The pop-ups every page may show a logged-in user (loaded lazily by the root only when needed):
 * phone verification first, then the gender question, then an ongoing purchase, then received
 * transfers (its own chunk): one at a time among them, and each waits its turn behind the cart
 * timer's warnings in the one modal queue (ui/modal-queue.ts).
 */
export default function AccountPopups({
  user,
  phone,
  gender,
  path,
  ongoing = false,
}: {
  user: TShellUser;
  phone: boolean;
  gender: boolean;
  path: string;
  ongoing?: boolean;
}) {
  if (phone) return <PhoneVerificationDialog user={user} />;
  if (gender) return <GenderDialog user={user} />;
  if (ongoing) return <OngoingPurchaseDialog />;
  if (user.pendingTransfers > 0 && !NO_TRANSFER_POPUP.test(path))
    return (
      <Suspense fallback={null}>
        <TransferPopup />
      </Suspense>
    );
  return null;
}
