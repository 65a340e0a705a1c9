import { lazy, Suspense } from 'react';
import type { TShellUser } from '~/features/shell/load-shell.server.ts';
import { GenderDialog } from './gender-dialog.tsx';
import { PhoneVerificationDialog } from './phone-verification-dialog.tsx';

const TransferPopup = lazy(() => import('~/features/transfers/transfer-popup.tsx'));

/** Spec §4: pages where the received-transfer pop-up never shows. */
const NO_TRANSFER_POPUP =
  /^\/(meus-ingressos|detalhes-do-ingresso|transferencias|reconhecimento-facial|carrinho|minha-conta)(\/|$)/i;

/**
 * The pop-ups every page may show a logged-in user (loaded lazily by the root only when needed):
 * phone verification first, then the gender question, then received transfers (its own chunk).
 */
export default function AccountPopups({
  user,
  phone,
  gender,
  path,
}: {
  user: TShellUser;
  phone: boolean;
  gender: boolean;
  path: string;
}) {
  if (phone) return <PhoneVerificationDialog user={user} />;
  if (gender) return <GenderDialog user={user} />;
  if (user.pendingTransfers > 0 && !NO_TRANSFER_POPUP.test(path))
    return (
      <Suspense fallback={null}>
        <TransferPopup />
      </Suspense>
    );
  return null;
}
