import { DEFAULT_LOCALE } from '@ingressos/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root.ts';
import './app.css';
import { sellAs } from './features/cart/cart-actions.ts';
import { CartButton, CartSessionLayer } from './features/cart/cart-button.tsx';
import {
  commissionerCookie,
  commissionerMode,
  commissionerRequested,
} from './features/commissioner/commissioner.server.ts';
import { CommissionerHeader } from './features/commissioner/commissioner-header.tsx';
import { ConsentBanner } from './features/consent/consent-banner.tsx';
import { Footer } from './features/shell/footer.tsx';
import { Header } from './features/shell/header.tsx';
import { LanguageSwitch } from './features/shell/language-switch.tsx';
import { loadShell, type TShellData, type TShellUser } from './features/shell/load-shell.server.ts';
import { SiteWidgets } from './features/shell/site-widgets.tsx';
import { requestServices } from './server-context.ts';
import { ErrorPage, NotFoundPage } from './ui/error-page.tsx';
import { I18nProvider } from './ui/i18n.tsx';
import { RouteFocus } from './ui/route-focus.tsx';
import { Toaster } from './ui/toaster.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(requestServices);
  const mode = await commissionerMode(services.api, request);
  const { fromLink } = commissionerRequested(request);
  // commerce §2: `/?id=` stores the commissioner (a session cookie); an unknown one is forgotten.
  const setCookie =
    mode.state === 'on' && fromLink
      ? commissionerCookie(mode.commissioner.hash, services.secureCookies)
      : mode.state === 'notFound'
        ? commissionerCookie(null, services.secureCookies)
        : undefined;
  return loadShell(request, context, {
    commissioner: mode.state === 'on' ? mode.commissioner : null,
    notFound: mode.state === 'notFound',
    ...(setCookie ? { setCookie } : {}),
  });
}

// The account pop-ups' code is fetched only for a logged-in user who needs one of them.
const AccountPopups = lazy(() => import('./popups/account-popups.tsx'));

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<TShellData>('root');
  const locale = data?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5b21b6" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {data ? (
          <I18nProvider locale={locale} messages={data.messages}>
            <Shell data={data}>{children}</Shell>
            <RouteFocus />
          </I18nProvider>
        ) : (
          children
        )}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

/** Pages opened inside the mobile app (commerce §2 /checkout_status, /mpexport). */
const APP_VIEW_PATHS = new Set(['/checkout_status', '/mpexport']);

function Shell({ data, children }: { data: TShellData; children: React.ReactNode }) {
  // Hydration starts after the first paint (defer-hydration.server.ts); this marks its end,
  // for browser tests and anything else that must wait for the page to be interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const { pathname } = useLocation();
  // The mobile app's web view pages: no header, footer, cart timer or pop-ups around them.
  if (APP_VIEW_PATHS.has(pathname))
    return (
      <main id="conteudo" className="content">
        {children}
      </main>
    );
  // commerce §6: commissioner mode has its own layout: the simplified header, no cart-session modal.
  if (data.commissioner || data.commissionerNotFound)
    return (
      <div className="page">
        <SellAs commissionerId={data.commissioner?.id ?? null} />
        <CommissionerHeader
          commissioner={data.commissioner}
          site={data.site}
          userName={data.user?.firstName ?? null}
          languageSwitch={<LanguageSwitch />}
          renderCart={(classes) => <CartButton {...classes} />}
        >
          <Toaster initial={data.toasts} />
        </CommissionerHeader>
        <main id="conteudo" className="content">
          {children}
        </main>
        <Footer site={data.site} year={data.year} />
        {data.user && <Popups user={data.user} site={data.site} />}
        <ConsentBanner loggedIn={Boolean(data.user)} />
        <SiteWidgets />
      </div>
    );
  return (
    <div className="page">
      <SellAs commissionerId={null} />
      {/* Issue 17: drawn after hydration only, so the server's HTML is the same for every visitor.
          Issue 20: first in the tab order, so a keyboard buyer meets it before the page. */}
      <ConsentBanner loggedIn={Boolean(data.user)} />
      <Header user={data.user} site={data.site} renderCart={(classes) => <CartButton {...classes} />}>
        <Toaster initial={data.toasts} />
      </Header>
      <main id="conteudo" className="content">
        {children}
      </main>
      <Footer site={data.site} year={data.year} />
      {data.user && <Popups user={data.user} site={data.site} />}
      <CartSessionLayer />
      <SiteWidgets />
    </div>
  );
}

/**
 * Spec §4: phone verification and gender pop-ups on any page but /dados-da-conta; then an ongoing
 * purchase's, then the received-transfer pop-up (its page rule and code live in the lazy chunk).
 */
function Popups({ user, site }: { user: TShellUser; site: TShellData['site'] }) {
  const { pathname } = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const phone = !user.isPhoneVerified && pathname !== '/dados-da-conta';
  const gender = user.needsGender && pathname !== '/dados-da-conta';
  // The payment and the order's own page already show the purchase: no pop-up about it there.
  const ongoing = user.ongoingPurchase && pathname !== '/pagamento' && !pathname.startsWith('/pedido/');
  // The facial-biometry modal when the global flags ask for it (its cookies and page rule are read
  // in the pop-ups' chunk: features/biometry/modal-rules.ts).
  const flags = site.biometry;
  const biometry = flags.facialGlobal && (flags.requiredOnLogin || flags.requiredOnRegister) ? site : null;
  if (!hydrated || (!phone && !gender && !ongoing && !user.pendingTransfers && !biometry)) return null;
  return (
    <Suspense fallback={null}>
      <AccountPopups
        user={user}
        phone={phone}
        gender={gender}
        ongoing={ongoing}
        path={pathname}
        biometry={biometry}
      />
    </Suspense>
  );
}

/** Tells the cart who sells what is added next: the commissioner in its mode, else the site. */
function SellAs({ commissionerId }: { commissionerId: number | null }) {
  useEffect(() => sellAs(commissionerId), [commissionerId]);
  return null;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<TShellData>('root');
  // Without the root's data (the root loader itself failed) there is no shell nor catalogue.
  if (!data) return <p>Ocorreu um erro inesperado, tente novamente mais tarde</p>;
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ErrorPage />;
}
