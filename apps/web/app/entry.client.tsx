import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadMessages } from './ui/i18n.tsx';

// Issue 18: the UI strings are not in the page's data; the file its <head> preloads is awaited
// first, so hydration renders the same words the server did. Without it (the shell's own error
// page has no catalogue) the page hydrates at once; if three tries cannot fetch it (ui/i18n.tsx)
// the server's HTML stays, links and forms working without scripts. No <StrictMode>: it checks
// nothing in a production build, the only one this app runs (npm run dev builds too), and its
// bytes count in the page's budget.
const href = document.querySelector('link[as=fetch]')?.getAttribute('href');
const hydrate = () =>
  startTransition(() => {
    hydrateRoot(document, <HydratedRouter />);
  });
href ? loadMessages(document.documentElement.lang, href).then(hydrate) : hydrate();
