import { DEFAULT_LOCALE } from '@ingressos/domain';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
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
// The cookie banner's styles, for its markup in the server's HTML (its script comes later).
import './features/consent/consent-banner.css';
import { CartButton } from './features/cart/cart-button.tsx';
import { sellAs } from './features/cart/cart-store.ts';
import {
  commissionerCookie,
  commissionerMode,
  commissionerRequested,
} from './features/commissioner/commissioner.server.ts';
import { Header } from './features/shell/header.tsx';
import { loadShell, type TShellData } from './features/shell/load-shell.server.ts';
import type { TVisitorSeen } from './features/shell/use-visitor.ts';
import { requestServices } from './server-context.ts';
import { ErrorPage, NotFoundPage } from './ui/error-page.tsx';
import { I18nProvider } from './ui/i18n.tsx';

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

// What the shell shows only in the browser (cart-session modal, pop-ups, widgets):
// one chunk fetched after hydration, out of every page's first script.
const AfterHydration = lazy(() => import('./popups/after-hydration.tsx'));
// Issue 31: the cookie banner is in the server's HTML (a first visit paints it with the page) but
// not in the first script (the event page's budget): its boundary hydrates when its chunk arrives,
// the server's markup staying in place meanwhile (a click on it then is replayed by React).
const ConsentBanner = lazy(() =>
  import('./features/consent/consent-banner.tsx').then((module) => ({ default: module.ConsentBanner })),
);
// The footer, the same way (the event page's budget): the server draws it, its boundary hydrates
// when its chunk arrives (its styles are in the shared i18n chunk's, so it is styled meanwhile).
const Footer = lazy(() => import('./features/shell/footer.tsx'));
// The toasts' two live regions, the same way: in the server's HTML from the start (WCAG 4.1.3), their
// script after hydration; a toast raised before it arrives waits in the store (ui/toast-store.ts).
const Toaster = lazy(() => import('./ui/toaster.tsx'));
// A boundary still waiting for its chunk that renders again (the shell's own renders: hydrated, the
// visitor) drops the server's markup for its fallback: memo keeps those renders from reaching it.
const LazyFooter = memo(function LazyFooter(props: { site: TShellData['site']; year: number }) {
  return (
    <Suspense fallback={null}>
      <Footer {...props} />
    </Suspense>
  );
});
const LazyToaster = memo(function LazyToaster({ initial }: { initial: TShellData['toasts'] }) {
  return (
    <Suspense fallback={null}>
      <Toaster initial={initial} />
    </Suspense>
  );
});

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
        {/* The UI strings, fetched by entry.client.tsx before hydration (issue 18); crossorigin as
            the CORS mode of its fetch, else the browser downloads the file twice. */}
        {data && <link rel="preload" as="fetch" crossOrigin="" href={data.messagesHref} />}
        <Meta />
        <Links />
      </head>
      <body>
        {data ? (
          <I18nProvider locale={locale} href={data.messagesHref}>
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
  // Issue 18: a shared page was rendered for nobody; after load the browser asks who it is.
  const [visitor, setVisitor] = useState<TVisitorSeen>();
  const user = data.user ?? (visitor?.of === data ? visitor.user : null);
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
      {hydrated && (
        <Suspense fallback={null}>
          <AfterHydration
            user={user}
            root={data}
            onVisitor={setVisitor}
            site={data.site}
            path={pathname}
            selling={Boolean(selling)}
            widgetOrigins={data.widgetOrigins}
          />
        </Suspense>
      )}
      <Header
        user={user}
        site={data.site}
        {...(selling ? { seller: { commissioner: data.commissioner } } : {})}
        renderCart={(classes) => <CartButton {...classes} />}
      >
        <LazyToaster initial={data.toasts} />
      </Header>
      {/* Issue 31: drawn by the server (fixed at the bottom: it moves nothing); in the tab order
          after the header, so the skip link is the first stop, and before the page's content. */}
      <Suspense fallback={null}>
        <ConsentBanner loggedIn={Boolean(user)} />
      </Suspense>
      <main id="conteudo" className="content">
        {children}
      </main>
      <LazyFooter site={data.site} year={data.year} />
    </div>
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
