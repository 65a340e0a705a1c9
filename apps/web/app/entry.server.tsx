import { PassThrough } from 'node:stream';
import { LOCALES } from '@ingressos/domain';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { deferHydrationStream } from './defer-hydration.server.ts';
import { catalogFor } from './i18n/index.ts';
import { messagesHref } from './i18n/messages-file.server.ts';
import { requestServices } from './server-context.ts';
import { keepMessages } from './ui/i18n.tsx';
import { ServerMarkup, serverMarkupOf } from './ui/server-markup.tsx';

// The hosting server reads this key to hand services to loaders (see apps/api/src/web/ssr.ts).
export { requestServices };

export const streamTimeout = 5_000;

// The browser fetches its language's strings by URL (ui/i18n.tsx); the server has them in memory.
for (const locale of LOCALES) keepMessages(locale, messagesHref(locale), catalogFor(locale));

/**
 * What the server logs of a failed request: not the visitor's own mistakes (a POST to a page
 * without a form is a 405, an unknown path a 404), which anyone could repeat to fill the log with
 * stack traces; everything else, as React Router would.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestServices);
  const userAgent = request.headers.get('user-agent');
  // Crawlers get the whole document at once; people get the shell as soon as it is ready.
  const readyOption =
    (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The timer holds the whole render (tree, loader data, response) until it fires, so it ends with
    // the body: a busy process kept ~1,000 finished pages, ~45 MB, in memory (issue 18).
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    timer.unref();
    const { pipe, abort } = renderToPipeableStream(
      <ServerMarkup value={serverMarkupOf(loadContext) ?? new Map()}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerMarkup>,
      {
        nonce,
        // A finished Suspense boundary above React's default 12.8 kB (the login and register
        // screen, with its country list) was sent hidden and revealed by a script: without
        // JavaScript, protected pages showed no login. Finished boundaries stay in place.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          // Sent, or dropped by the visitor: either way nothing more is rendered for it.
          body.once('close', () => {
            clearTimeout(timer);
            abort();
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          // Paint first, then hydrate (defer-hydration.server.ts).
          const lowered = deferHydrationStream(nonce);
          lowered.pipe(body);
          pipe(lowered);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
