import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const BOOT_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/g;

/**
 * Paint first, hydrate right after. React Router's <Scripts> preloads every module of the page and
 * starts them at once, so on a slow connection 120 KB of hydration JavaScript competes with what
 * the first paint needs. The page is complete and readable before hydration, so its module
 * preloads are dropped and its boot module is started from the first animation frame (with the
 * same nonce), after the first paint.
 */
export function deferHydration(html: string): string {
  return html.replace(MODULE_PRELOAD, '').replace(BOOT_SCRIPT, (_whole, nonce: string, body: string) => {
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
export function deferHydrationStream(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      const cut = safeCut(text);
      pending = text.slice(cut);
      callback(null, deferHydration(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, deferHydration(pending + decoder.end()));
    },
  });
}
