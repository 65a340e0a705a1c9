import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { detectCart, useCartState } from './cart-store.ts';

const CartSession = lazy(() => import('./cart-session.tsx'));
const HoldCaptcha = lazy(() => import('./hold-captcha.tsx'));

/**
 * Spec §2: the cart-session modal on every page of the non-commissioner layout. Its code loads
 * only when a cart may exist (see cart-store.ts). Also the captcha an add may ask for (issue 19),
 * loaded only then.
 */
export function CartSessionLayer({ session }: { session: boolean }) {
  const { active, cart, captcha } = useCartState();
  useEffect(detectCart, []);
  // Issue 31: paying ends the cart on the server. On the order's page (arrived at, and at each of
  // its revalidations while a Pix is awaited) the cart is read again, so the header's badge stops
  // counting the tickets just paid without a reload.
  const { pathname } = useLocation();
  const root = useRouteLoaderData('root');
  const paying = Boolean(cart) && pathname.startsWith('/pedido/');
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each revalidation (root)
  useEffect(() => {
    if (paying) void import('./cart-actions.ts').then(({ syncCart }) => syncCart());
  }, [paying, root]);
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
