import { useRouteLoaderData } from 'react-router';
import { ConsentBanner } from '~/features/consent/consent-banner.tsx';
import type { TShellData } from '~/features/shell/load-shell.server.ts';
import { SiteWidgets } from '~/features/shell/site-widgets.tsx';

/**
 * What exists only in the browser on every page: the cookie-consent banner (issue 17, LGPD) and
 * the remote switches' chat and CRM widgets, limited to the origins this document's CSP allows.
 * The root loads it after hydration, one chunk, so the server's HTML is the same for every
 * visitor and no page's first script carries it.
 */
export default function BrowserExtras({ loggedIn }: { loggedIn: boolean }) {
  const shell = useRouteLoaderData<TShellData>('root');
  return (
    <>
      <ConsentBanner loggedIn={loggedIn} />
      <SiteWidgets allowed={shell?.widgetOrigins ?? NONE} />
    </>
  );
}

const NONE: readonly string[] = [];
