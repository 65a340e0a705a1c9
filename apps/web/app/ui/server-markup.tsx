import { createContext as createReactContext, useContext, useState } from 'react';
import { createContext, type RouterContextProvider } from 'react-router';

/**
 * Markup the server draws into the page but leaves out of the page's data (issue 18: the event's
 * poster SVG was sent twice). A loader keeps it in the request's context; entry.server.tsx hands it
 * to the render; in the browser, hydration reads it back from the element the server drew, and a
 * navigation in the page (no such element) gets null, so the component draws something else.
 */
const requestMarkup = createContext<Map<string, string> | null>(null);

export const ServerMarkup = createReactContext<Map<string, string> | null>(null);

/** For a loader: `markup` goes into this request's page under the element id `id`. */
export function keepServerMarkup(context: Readonly<RouterContextProvider>, id: string, markup: string) {
  let kept = context.get(requestMarkup);
  if (!kept) {
    kept = new Map();
    context.set(requestMarkup, kept);
  }
  kept.set(id, markup);
}

/** For entry.server.tsx: what this request's loaders kept. */
export const serverMarkupOf = (context: Readonly<RouterContextProvider>) => context.get(requestMarkup);

/**
 * The markup for the element `id`: the server's, or what the server drew there (`read` from the
 * element: its inner HTML unless told otherwise, e.g. an image's `src`), or null.
 */
export function useServerMarkup(
  id: string,
  read: (element: HTMLElement) => string | null = (element) => element.innerHTML,
): string | null {
  const server = useContext(ServerMarkup);
  const [markup] = useState(() => {
    if (server) return server.get(id) ?? null;
    const element = document.getElementById(id);
    return element ? read(element) : null;
  });
  return markup;
}
