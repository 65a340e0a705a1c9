import type { TSiteConfig } from '@ingressos/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { GenderDialog } from '~/features/accounts/gender-dialog.tsx';
import { PhoneVerificationDialog } from '~/features/accounts/phone-verification-dialog.tsx';
import { browserBiometryModalWanted } from '~/features/biometry/modal-rules.ts';
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
  /** The site's configuration when its global flags ask for the facial-biometry modal. */
  biometry?: TSiteConfig | null;
}) {
  const [facialClosed, setFacialClosed] = useState(false);
  // The flags as kept for 1 h in their cookie, the 12-hour dismissal and the pages it skips.
  const flags = biometry?.biometry;
  const wanted = useMemo(() => Boolean(flags && browserBiometryModalWanted(flags, path)), [flags, path]);
  const facial = biometry && wanted && !facialClosed && (
    <Suspense fallback={null}>
      <BiometryModal
        userId={user.id}
        links={{
          helpUrl: biometry.helpCenterUrl,
          attendantUrl: biometry.whatsappUrl || biometry.helpCenterUrl,
          manualReviewHours: biometry.biometry.manualReviewHours,
        }}
        onClosed={() => setFacialClosed(true)}
      />
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
