import type { TSiteFlagsAnswer } from '@ingressos/contracts/site-flags';
import { useEffect, useState } from 'react';
import { api } from '~/shared/api-client.ts';

type TScripts = TSiteFlagsAnswer['scripts'];

/**
 * The support chat widget and the customer-relations form embed (accounts §7), loaded in the
 * browser while their remote switch is on. The switches come from GET /api/site/flags, which
 * browsers keep for the server's interval (Cache-Control max-age), asked again every `refreshMs`;
 * the page's CSP allows the provider's origin only while its switch is on.
 */
export function SiteWidgets() {
  const [scripts, setScripts] = useState<TScripts | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const load = async () => {
      const answer = await api('siteFlags');
      if (stopped) return;
      if (answer.ok) setScripts(answer.body.scripts);
      timer = setTimeout(load, answer.ok ? answer.body.refreshMs : 120_000);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!scripts) return;
    for (const [name, src] of Object.entries(scripts)) {
      if (!src || document.querySelector(`script[data-widget="${name}"]`)) continue;
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.widget = name;
      document.body.append(script);
    }
  }, [scripts]);

  return null;
}
