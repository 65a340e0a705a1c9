import { useEffect } from 'react';
import { api } from '~/shared/api-client.ts';

/**
 * The support chat widget and the customer-relations form embed (accounts §7), loaded in the
 * browser while their remote switch is on. The switches come from GET /api/site/flags, which the
 * browser keeps for the server's interval (Cache-Control max-age, 120 s by default), so it asks
 * at most that often. They are read once per document: the page's CSP, sent with the document,
 * allows a provider's origin only if its switch was on then, so a switch turned on reaches the
 * next page load (no restart), never a script the open page's policy would block: `allowed` are
 * the origins this document's CSP allows, and a switch turned on after it was sent waits.
 */
export function SiteWidgets({ allowed }: { allowed: readonly string[] }) {
  useEffect(() => {
    let stopped = false;
    void api('siteFlags').then((answer) => {
      if (stopped || !answer.ok) return;
      for (const [name, src] of Object.entries(answer.body.scripts)) {
        if (!src || !allowed.includes(new URL(src).origin)) continue;
        if (document.querySelector(`script[data-widget="${name}"]`)) continue;
        const script = document.createElement('script');
        script.src = src;
        script.async = true;
        script.dataset.widget = name;
        document.body.append(script);
      }
    });
    return () => {
      stopped = true;
    };
  }, [allowed]);
  return null;
}
