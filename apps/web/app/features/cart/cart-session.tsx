import {
  AreYouStillThere,
  CartExpired,
  ConfirmClear,
  FinalizePurchase,
  LotPartiallySold,
  SessionEnding,
  SoldOut,
} from './session-dialogs.tsx';
import { useCartSession } from './use-cart-session.ts';

/**
 * The cart-session modal of spec §2, on every page of the non-commissioner layout. It reads the
 * cart once a cart may exist, counts down from the server's `exp`, and shows the modal the
 * remaining time calls for (`sessionModalFor`: warning 62–180 s, final ≤ 60 s). Activation
 * (a cart that expired while the buyer was away) reports what was lost.
 */
export default function CartSession() {
  const { shown, left, busy, special, slug, actions } = useCartSession();
  const timed = { left, busy, actions };
  switch (shown) {
    case 'none':
      return null;
    case 'areYouStillThere':
      return <AreYouStillThere key={shown} {...timed} />;
    case 'finalizePurchase':
      return <FinalizePurchase key={shown} {...timed} />;
    case 'confirmClear':
      return <ConfirmClear key={shown} busy={busy} actions={actions} />;
    case 'sessionEnding':
      return <SessionEnding key={shown} {...timed} />;
    case 'cartExpired':
      return <CartExpired key={shown} slug={slug.current} actions={actions} />;
    case 'lotPartiallySold':
      return <LotPartiallySold key={shown} slug={slug.current} lost={special?.lost ?? 0} actions={actions} />;
    default:
      return <SoldOut key={shown} shown={shown} actions={actions} />;
  }
}
