// Stripe's card form for the payment page (events sold through Stripe), served from our origin
// like the others. It loads Stripe.js (https://js.stripe.com/v3) and mounts the Payment Element
// in deferred-intent mode with manual PaymentMethod creation ("Finalize payments on the server",
// https://docs.stripe.com/payments/finalize-payments-on-the-server-legacy): card number, expiry
// and CVC live in Stripe's iframe, so their values never reach this page's code, our API or our
// logs. createToken runs elements.submit() then stripe.createPaymentMethod({ elements }) and
// hands the server only the PaymentMethod's id, which the server confirms a PaymentIntent with.
// window.BilhetoCardForm is the interface the payment page talks to, whatever the gateway:
//   mount(element, { locale, amount, publicKey, currency? }) -> Promise; createToken() -> { token, brand, last4 }.
(() => {
  const SDK = 'https://js.stripe.com/v3';
  const TEXT = {
    'pt-BR': {
      badCard: 'Confira os dados do cartão.',
      unavailable: 'Não foi possível carregar o formulário do cartão. Tente novamente ou pague com Pix.',
    },
    en: {
      badCard: 'Check the card details.',
      unavailable: 'The card form could not be loaded. Try again or pay with Pix.',
    },
  };
  let sdk = null;
  const loadSdk = () => {
    if (window.Stripe) return Promise.resolve();
    sdk ??= new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = SDK;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        sdk = null;
        reject(new Error('sdk'));
      };
      document.head.append(script);
    });
    return sdk;
  };
  let state = null;
  window.BilhetoCardForm = {
    async mount(element, options) {
      const t = TEXT[options?.locale] ?? TEXT['pt-BR'];
      if (!options?.publicKey) throw new Error(t.unavailable);
      try {
        await loadSdk();
      } catch {
        throw new Error(t.unavailable);
      }
      // Mounted again (the buyer went to Pix and back): the previous element goes first.
      try {
        state?.payment.destroy();
      } catch {}
      state = null;
      const locale = options.locale === 'en' ? 'en' : 'pt-BR';
      const stripe = window.Stripe(options.publicKey, { locale });
      // Deferred intent: the amount (minor units) and currency only shape the form; the server
      // charges the order's own total in the event's currency (reais unless the page says otherwise).
      const elements = stripe.elements({
        mode: 'payment',
        amount: Math.max(1, Math.round(Number(options.amount || 0) * 100)),
        currency: String(options.currency || 'brl').toLowerCase(),
        paymentMethodCreation: 'manual',
        paymentMethodTypes: ['card'],
        locale,
      });
      const payment = elements.create('payment', {
        layout: 'tabs',
        wallets: { applePay: 'never', googlePay: 'never', link: 'never' },
      });
      const host = document.createElement('div');
      host.id = 'stripe-payment-element';
      element.replaceChildren(host);
      await new Promise((resolve, reject) => {
        payment.on('ready', resolve);
        payment.on('loaderror', () => reject(new Error(t.unavailable)));
        payment.mount(host);
      });
      state = { stripe, elements, payment, t };
    },
    /** Resolves { token, brand, last4 } or rejects with an Error whose message is for the buyer. */
    async createToken() {
      if (!state) throw new Error('card form not mounted');
      const { stripe, elements, t } = state;
      const submitted = await elements.submit();
      if (submitted?.error) {
        // The Payment Element shows a field's own error under that field.
        const error = new Error(submitted.error.message || t.badCard);
        if (submitted.error.type === 'validation_error') error.field = 'card';
        throw error;
      }
      const made = await stripe.createPaymentMethod({ elements });
      if (made?.error || !made?.paymentMethod?.id) throw new Error(made?.error?.message || t.badCard);
      const card = made.paymentMethod.card ?? {};
      return { token: made.paymentMethod.id, brand: card.brand ?? '', last4: card.last4 ?? '' };
    },
  };
})();
