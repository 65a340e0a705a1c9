import { lazy, Suspense, useEffect } from 'react';
import { detectCart, useCartState } from './cart-store.ts';

const CartSession = lazy(() => import('./cart-session.tsx'));
const HoldCaptcha = lazy(() => import('./hold-captcha.tsx'));

/**
 * Spec §2: the cart-session modal on every page of the non-commissioner layout. Its code loads
 * only when a cart may exist (see cart-store.ts). Also the captcha an add may ask for (issue 19),
 * loaded only then.
 */
export function CartSessionLayer({ session }: { session: boolean }) {
  const { active, captcha } = useCartState();
  useEffect(detectCart, []);
  return (
    <>
      {session && active && (
        <Suspense fallback={null}>
          <CartSession />
        </Suspense>
      )}
      {captcha && (
        <Suspense fallback={null}>
          <HoldCaptcha answer={captcha} />
        </Suspense>
      )}
    </>
  );
}
