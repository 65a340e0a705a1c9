import { lazy, Suspense, useState } from 'react';
import { GenderDialog } from '~/features/accounts/gender-dialog.tsx';
import { PhoneVerificationDialog } from '~/features/accounts/phone-verification-dialog.tsx';
import type { TCardLinks } from '~/features/biometry/status-card.tsx';
import { OngoingPurchaseDialog } from '~/features/checkout/ongoing-purchase-dialog.tsx';
import type { TShellUser } from '~/shared/shell-user.ts';

const TransferPopup = lazy(() => import('~/features/transfers/transfer-popup.tsx'));
const BiometryModal = lazy(() => import('~/features/biometry/biometry-modal.tsx'));

/** Spec §4: pages where the received-transfer pop-up never shows. */
const NO_TRANSFER_POPUP =
  /^\/(meus-ingressos|detalhes-do-ingresso|transferencias|reconhecimento-facial|carrinho|minha-conta)(\/|$)/i;

/**
 * The pop-ups every page may show a logged-in user (loaded lazily by the root only when needed):
 * phone verification first, then the gender question, then an ongoing purchase, then received
 * transfers (its own chunk): one at a time among them, and each waits its turn behind the cart
 * timer's warnings in the one modal queue (ui/modal-queue.ts). The facial-biometry modal (its own
 * chunk, with the QR code) queues after the ongoing purchase; the received-transfer pop-up waits
 * until it is closed (spec §4).
 */
export default function AccountPopups({
  user,
  phone,
  gender,
  path,
  ongoing = false,
  biometry = null,
}: {
  user: TShellUser;
  phone: boolean;
  gender: boolean;
  path: string;
  ongoing?: boolean;
  /** The biometry modal's links when it is wanted on this page (features/biometry/modal-rules.ts). */
  biometry?: Omit<TCardLinks, 'start' | 'onRetry' | 'onSuccess'> | null;
}) {
  const [facialClosed, setFacialClosed] = useState(false);
  const facial = biometry && !facialClosed && (
    <Suspense fallback={null}>
      <BiometryModal userId={user.id} links={biometry} onClosed={() => setFacialClosed(true)} />
    </Suspense>
  );
  const other = (() => {
    if (phone) return <PhoneVerificationDialog user={user} />;
    if (gender) return <GenderDialog user={user} />;
    if (ongoing) return <OngoingPurchaseDialog />;
    if (user.pendingTransfers > 0 && !facial && !NO_TRANSFER_POPUP.test(path))
      return (
        <Suspense fallback={null}>
          <TransferPopup />
        </Suspense>
      );
    return null;
  })();
  return (
    <>
      {other}
      {facial}
    </>
  );
}
