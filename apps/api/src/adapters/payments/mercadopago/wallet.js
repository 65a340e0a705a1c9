// Mercado Pago's wallet button (the spec's yellow button, 'wallet bricks'), served from our origin.
// It loads Mercado Pago's SDK (MercadoPago.js v2) and draws the Wallet Brick for a preference our
// API made (POST api/checkoutPro/create): the buyer pays with their Mercado Pago account on Mercado
// Pago's page and comes back to /pedido/:id. window.BilhetoWallet is the interface the payment page
// talks to, whatever the gateway: mount(element, { preferenceId, publicKey, locale }) -> Promise.
(() => {
  const SDK = 'https://sdk.mercadopago.com/js/v2';
  let sdk = null;
  const loadSdk = () => {
    if (window.MercadoPago) return Promise.resolve();
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
  let controller = null;
  window.BilhetoWallet = {
    async mount(element, { preferenceId, publicKey, locale }) {
      await loadSdk();
      if (!window.MercadoPago) throw new Error('sdk');
      const mp = new window.MercadoPago(publicKey, { locale: locale === 'en' ? 'en-US' : 'pt-BR' });
      element.id ||= `wallet-${preferenceId.replace(/[^A-Za-z0-9-]/g, '')}`;
      controller?.unmount?.();
      // https://github.com/mercadopago/sdk-js/blob/main/docs/bricks/wallet.md: the preference on initialization.
      controller = await mp.bricks().create('wallet', element.id, {
        initialization: { preferenceId },
      });
    },
    unmount() {
      controller?.unmount?.();
      controller = null;
    },
  };
})();
