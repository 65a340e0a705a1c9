// PicPay's "card form": PicPay takes no card on our page. The buyer pays in the PicPay app (its
// balance or a card kept there) from PicPay's own page, where the checkout's hosted button sends
// them (capabilities: hostedCheckout only). Mounted anyway, it says so instead of drawing fields.
(() => {
  const TEXT = {
    'pt-BR': 'Com PicPay, você paga no app do PicPay: use o botão de pagamento abaixo.',
    en: 'With PicPay you pay in the PicPay app: use the payment button below.',
  };
  let locale = 'pt-BR';
  window.BilhetoCardForm = {
    mount(element, options) {
      locale = options.locale === 'en' ? 'en' : 'pt-BR';
      const note = document.createElement('p');
      note.textContent = TEXT[locale];
      element.replaceChildren(note);
    },
    createToken() {
      return Promise.reject(new Error(TEXT[locale]));
    },
  };
})();
