import type { TCheckoutGateway } from '@ingressos/contracts';
import { useEffect, useState } from 'react';

/** What every gateway's card-form script puts on window (each adapter in apps/api/src/adapters/payments serves one). */
type TCardForm = {
  mount(
    element: HTMLElement,
    options: { locale: string; amount: number; currency: string; publicKey: string | null },
  ): void | Promise<void>;
  createToken(): Promise<{ token: string; brand: string; last4: string; issuerId?: string }>;
};
declare global {
  interface Window {
    BilhetoCardForm?: TCardForm;
  }
}

/** Loads the active gateway's card-form script (same origin, allowed by the CSP) and mounts its fields. */
export function useCardForm(
  container: React.RefObject<HTMLDivElement | null>,
  enabled: boolean,
  locale: string,
  gateway: TCheckoutGateway | null,
  amount: number,
  /** The event's currency (ISO 4217): some gateways' card forms show it. */
  currency: string,
) {
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    if (!enabled || !container.current || !gateway) return;
    const element = container.current;
    // A fresh container (the buyer went to Pix and back): not ready until the fields are mounted again.
    setReady(false);
    setFailure('');
    const mount = () => {
      const form = window.BilhetoCardForm;
      if (!form) return;
      Promise.resolve(form.mount(element, { locale, amount, currency, publicKey: gateway.publicKey })).then(
        () => setReady(true),
        (error: Error) => setFailure(error.message),
      );
    };
    if (window.BilhetoCardForm) return mount();
    const script = document.createElement('script');
    script.src = gateway.cardFormScript;
    script.async = true;
    script.onload = mount;
    document.head.append(script);
  }, [enabled, container, locale, gateway, amount, currency]);
  return { ready, failure };
}
