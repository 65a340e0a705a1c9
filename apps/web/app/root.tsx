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
import { CartButton, CartSessionLayer } from './features/cart/cart-button.tsx';
import { sellAs } from './features/cart/cart-store.ts';
import {
  commissionerCookie,
  commissionerMode,
  commissionerRequested,
} from './features/commissioner/commissioner.server.ts';
import { Footer } from './features/shell/footer.tsx';
import { Header } from './features/shell/header.tsx';
import { loadShell, type TShellData, type TShellUser } from './features/shell/load-shell.server.ts';
import { requestServices } from './server-context.ts';
import { ErrorPage, NotFoundPage } from './ui/error-page.tsx';
import { I18nProvider } from './ui/i18n.tsx';
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
// The consent banner and the remote widgets exist only in the browser, so their code is fetched
// after hydration and stays out of every page's first script (scripts/bundle-budget.int.test.ts).
const BrowserExtras = lazy(() => import('./popups/browser-extras.tsx'));

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
  const [hydrated, setHydrated] = useState(false);
  // Hydration starts after the first paint (defer-hydration.server.ts); this marks its end,
  // for browser tests and anything else that must wait for the page to be interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    setHydrated(true);
  }, []);
  const commissionerId = data.commissioner?.id ?? null;
  // Tells the cart who sells what is added next: the commissioner in its mode, else the site.
  useEffect(() => sellAs(commissionerId), [commissionerId]);
  const { pathname } = useLocation();
  // The mobile app's web view pages: no header, footer, cart timer or pop-ups around them.
  if (APP_VIEW_PATHS.has(pathname))
    return (
      <main id="conteudo" className="content">
        {children}
      </main>
    );
  // commerce §6: commissioner mode has its own header and no cart-session modal.
  const selling = data.commissioner || data.commissionerNotFound;
  return (
    <div className="page">
      <Header
        user={data.user}
        site={data.site}
        {...(selling ? { seller: { commissioner: data.commissioner } } : {})}
        renderCart={(classes) => <CartButton {...classes} />}
      >
        <Toaster initial={data.toasts} />
      </Header>
      <main id="conteudo" className="content">
        {children}
      </main>
      <Footer site={data.site} year={data.year} />
      {/* commerce §6: no cart-session modal in commissioner mode; the captcha an add asks for, in both. */}
      <CartSessionLayer session={!selling} />
      {/* Drawn after hydration only, so the server's HTML is the same for every visitor. */}
      {hydrated && data.user && (
        <Suspense fallback={null}>
          <Popups user={data.user} site={data.site} path={pathname} />
        </Suspense>
      )}
      {hydrated && (
        <Suspense fallback={null}>
          <BrowserExtras loggedIn={Boolean(data.user)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Spec §4: phone verification and gender pop-ups on any page but /dados-da-conta; then an ongoing
 * purchase's, then the received-transfer pop-up (its page rule and code live in the lazy chunk).
 */
function Popups({
  user,
  site,
  path: pathname,
}: {
  user: TShellUser;
  site: TShellData['site'];
  path: string;
}) {
  const phone = !user.isPhoneVerified && pathname !== '/dados-da-conta';
  const gender = user.needsGender && pathname !== '/dados-da-conta';
  // The payment and the order's own page already show the purchase: no pop-up about it there.
  const ongoing = user.ongoingPurchase && pathname !== '/pagamento' && !pathname.startsWith('/pedido/');
  // The facial-biometry modal when the global flags ask for it (its cookies and page rule are read
  // in the pop-ups' chunk: features/biometry/modal-rules.ts).
  const flags = site.biometry;
  const biometry = flags.facialGlobal && (flags.requiredOnLogin || flags.requiredOnRegister) ? site : null;
  if (!phone && !gender && !ongoing && !user.pendingTransfers && !biometry) return null;
  return (
    <AccountPopups
      user={user}
      phone={phone}
      gender={gender}
      ongoing={ongoing}
      path={pathname}
      biometry={biometry}
    />
  );
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
