import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { CONSENT_CHECK } from './shared/consent-check.ts';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const BOOT_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/g;

/**
 * Issue 18: shared pages are rendered for nobody, so their header says 'Entrar'; a browser that
 * holds a session (the readable `signed_in` hint, packages/contracts/src/visitor-hint.ts) marks
 * the document before the first paint, the header keeps that place blank until the shell knows
 * who it is (features/shell/use-visitor.ts). A script in the head: no JavaScript to download.
 */
const signedInMark = (nonce: string) =>
  `<script nonce="${nonce}">if(/(^|;\\s*)signed_in=1(;|$)/.test(document.cookie))` +
  `document.documentElement.dataset.signedIn=""</script></head>`;

/**
 * Issue 31: the cookie banner is in every page's HTML; this marks, before the first paint, a
 * visitor without a stored choice, the only one it is shown to (shared/consent-check.ts).
 */
const headMarks = (nonce: string) =>
  `<script nonce="${nonce}">${CONSENT_CHECK}</script>${signedInMark(nonce)}`;

/**
 * Paint first, hydrate right after. React Router's <Scripts> preloads every module of the page and
 * starts them at once, so on a slow connection 120 KB of hydration JavaScript competes with what
 * the first paint needs. The page is complete and readable before hydration, so its module
 * preloads are dropped and its boot module is started from the first animation frame (with the
 * same nonce), after the first paint.
 */
export function deferHydration(html: string, nonce: string, head = true): string {
  return (head ? html.replace('</head>', headMarks(nonce)) : html)
    .replace(MODULE_PRELOAD, '')
    .replace(BOOT_SCRIPT, (_whole, nonce: string, body: string) => {
      const source = JSON.stringify(body).replace(/</g, '\\u003c');
      return (
        `<script nonce="${nonce}">requestAnimationFrame(function(){setTimeout(function(){` +
        `var s=document.createElement("script");s.type="module";s.nonce=${JSON.stringify(nonce)};` +
        `s.textContent=${source};document.body.appendChild(s)})})</script>`
      );
    });
}

/** Where a chunk may be cut safely: not inside a tag, nor inside the boot module script. */
function safeCut(text: string): number {
  const boot = text.lastIndexOf('<script nonce="');
  if (boot !== -1 && text.indexOf('</script>', boot) === -1) return boot;
  const open = text.lastIndexOf('<');
  return open !== -1 && text.indexOf('>', open) === -1 ? open : text.length;
}

/** `deferHydration` over a streamed HTML response. */
export function deferHydrationStream(nonce: string): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  /** The document's own head is the first one: no later text is taken for it. */
  let head = true;
  const lower = (text: string) => {
    const out = deferHydration(text, nonce, head);
    if (text.includes('</head>')) head = false;
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      const cut = safeCut(text);
      pending = text.slice(cut);
      callback(null, lower(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, lower(pending + decoder.end()));
    },
  });
}
