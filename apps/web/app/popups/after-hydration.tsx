import type { TSiteConfig } from '@ingressos/contracts';
import { lazy, Suspense } from 'react';
import { CartSessionLayer } from '~/features/cart/cart-layer.tsx';
import { SiteWidgets } from '~/features/shell/site-widgets.tsx';
import { type TVisitorSeen, useVisitor } from '~/features/shell/use-visitor.ts';
import type { TShellUser } from '~/shared/shell-user.ts';
import { RouteFocus } from '~/ui/route-focus.tsx';

// The account pop-ups' code is fetched only for a logged-in user who needs one of them.
const AccountPopups = lazy(() => import('./account-popups.tsx'));

/**
 * Everything of the shell that exists only in the browser, loaded by the root after hydration as
 * one chunk, so the server's HTML is the same for every visitor and no page's first script
 * carries it (scripts/bundle-budget.int.test.ts): the cart-session modal and the captcha an add
 * may ask for, the account pop-ups, the remote switches' chat and CRM widgets (only the origins
 * this document's CSP allowed), and the focus rule of
 * navigations with its polite region (issue 20; mounted long before the first navigation), and
 * the question who the visitor is when a shared page was rendered for nobody (issue 18). The
 * cookie banner is not here: the server draws it (root.tsx, issue 31).
 */
export default function AfterHydration({
  user,
  root,
  onVisitor,
  site,
  path,
  selling,
  widgetOrigins,
}: {
  /** The user the frame shows: the root's, else what `api('visitor')` answered for this root data. */
  user: TShellUser | null;
  /** The root's data, whose user is null on a shared page rendered for nobody. */
  root: { user: TShellUser | null };
  onVisitor: (seen: TVisitorSeen) => void;
  site: TSiteConfig;
  path: string;
  /** commerce §6: commissioner mode has no cart-session modal. */
  selling: boolean;
  widgetOrigins: readonly string[];
}) {
  useVisitor(root, onVisitor);
  return (
    <>
      <RouteFocus />
      <CartSessionLayer session={!selling} />
      {user && <Popups user={user} site={site} path={path} />}
      <SiteWidgets allowed={widgetOrigins} />
    </>
  );
}

/**
 * Spec §4: phone verification and gender pop-ups on any page but /dados-da-conta; then an ongoing
 * purchase's, then the received-transfer pop-up (its page rule and code live in the lazy chunk).
 */
function Popups({ user, site, path }: { user: TShellUser; site: TSiteConfig; path: string }) {
  const phone = !user.isPhoneVerified && path !== '/dados-da-conta';
  const gender = user.needsGender && path !== '/dados-da-conta';
  // The payment and the order's own page already show the purchase: no pop-up about it there.
  const ongoing = user.ongoingPurchase && path !== '/pagamento' && !path.startsWith('/pedido/');
  // The facial-biometry modal when the global flags ask for it (its cookies and page rule are read
  // in the pop-ups' chunk: features/biometry/modal-rules.ts).
  const flags = site.biometry;
  const biometry = flags.facialGlobal && (flags.requiredOnLogin || flags.requiredOnRegister) ? site : null;
  if (!phone && !gender && !ongoing && !user.pendingTransfers && !biometry) return null;
  return (
    <Suspense fallback={null}>
      <AccountPopups
        user={user}
        phone={phone}
        gender={gender}
        ongoing={ongoing}
        path={path}
        biometry={biometry}
      />
    </Suspense>
  );
}
