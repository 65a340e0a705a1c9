// PagBank's card form for the payment page, served from our origin like the sandbox's. PagBank has
// no hosted fields: the inputs are in this page, and PagBank's JS SDK (PagSeguro.encryptCard)
// encrypts number, expiry, CVV and holder with the account's public key (RSA) right here, without
// calling anyone. Only the encrypted blob, which only PagBank can read, leaves the browser: the
// inputs have no name (never part of a submitted form) and createToken answers the blob, the
// brand and the last four digits.
// window.BilhetoCardForm is the interface the payment page talks to, whatever the gateway:
//   mount(element, { locale, amount, publicKey }) -> Promise; createToken() -> { token, brand, last4 }.
(() => {
  const SDK = 'https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js';
  const TEXT = {
    'pt-BR': {
      number: 'Número do cartão',
      expiry: 'Validade (MM/AA)',
      cvv: 'Código de segurança (CVV)',
      name: 'Nome impresso no cartão',
      badName: 'Informe o nome impresso no cartão.',
      badNumber: 'Confira o número do cartão.',
      badExpiry: 'Confira a validade do cartão.',
      badCvv: 'Confira o código de segurança.',
      badCard: 'Confira os dados do cartão.',
      unavailable: 'Não foi possível carregar o formulário do cartão. Tente novamente ou pague com Pix.',
    },
    en: {
      number: 'Card number',
      expiry: 'Expiry (MM/YY)',
      cvv: 'Security code (CVV)',
      name: 'Name on card',
      badName: 'Enter the name on the card.',
      badNumber: 'Check the card number.',
      badExpiry: 'Check the expiry date.',
      badCvv: 'Check the security code.',
      badCard: 'Check the card details.',
      unavailable: 'The card form could not be loaded. Try again or pay with Pix.',
    },
  };
  // The SDK's own error codes (encryptCard's errors[].code) onto the buyer's words.
  const ERRORS = {
    INVALID_NUMBER: 'badNumber',
    INVALID_SECURITY_CODE: 'badCvv',
    INVALID_EXPIRATION_MONTH: 'badExpiry',
    INVALID_EXPIRATION_YEAR: 'badExpiry',
    INVALID_HOLDER: 'badName',
  };
  const brandOf = (digits) =>
    /^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(digits)
      ? 'elo'
      : /^(606282|3841)/.test(digits)
        ? 'hipercard'
        : /^3[47]/.test(digits)
          ? 'amex'
          : /^(5[1-5]|2[2-7])/.test(digits)
            ? 'mastercard'
            : /^4/.test(digits)
              ? 'visa'
              : '';
  let sdk = null;
  const loadSdk = () => {
    if (window.PagSeguro) return Promise.resolve();
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
  const field = (id, label, attrs) => {
    const wrap = document.createElement('div');
    wrap.className = 'sbx-field';
    const l = document.createElement('label');
    l.htmlFor = id;
    l.textContent = label;
    const input = document.createElement('input');
    input.id = id;
    // No name attribute: these fields are never part of a submitted form.
    for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
    wrap.append(l, input);
    return { wrap, input };
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
      if (!window.PagSeguro?.encryptCard) throw new Error(t.unavailable);
      const number = field('pb-card-number', t.number, {
        inputmode: 'numeric',
        autocomplete: 'cc-number',
        maxlength: '23',
        placeholder: '0000 0000 0000 0000',
      });
      const expiry = field('pb-card-expiry', t.expiry, {
        inputmode: 'numeric',
        autocomplete: 'cc-exp',
        maxlength: '7',
        placeholder: 'MM/AA',
      });
      const cvv = field('pb-card-cvv', t.cvv, {
        inputmode: 'numeric',
        autocomplete: 'cc-csc',
        maxlength: '4',
        placeholder: '123',
      });
      const name = field('pb-card-holder', t.name, { autocomplete: 'cc-name', maxlength: '60' });
      // Expiry and CVV side by side, as on the card itself (the page styles .sbx-row).
      const row = document.createElement('div');
      row.className = 'sbx-row';
      row.append(expiry.wrap, cvv.wrap);
      element.replaceChildren(number.wrap, row, name.wrap);
      state = {
        t,
        publicKey: options.publicKey,
        number: number.input,
        expiry: expiry.input,
        cvv: cvv.input,
        name: name.input,
      };
    },
    /** Resolves { token, brand, last4 } or rejects with an Error whose message is for the buyer. */
    async createToken() {
      if (!state) throw new Error('card form not mounted');
      const { t } = state;
      const holder = state.name.value.trim();
      const digits = state.number.value.replace(/\D/g, '');
      // MM/AA, MM/AAAA, or the digits alone (MMAA, MMAAAA).
      const expiry = state.expiry.value.includes('/')
        ? state.expiry.value.split('/').map((part) => part.replace(/\D/g, ''))
        : [state.expiry.value.replace(/\D/g, '').slice(0, 2), state.expiry.value.replace(/\D/g, '').slice(2)];
      const [month = '', year = ''] = expiry;
      const securityCode = state.cvv.value.replace(/\D/g, '');
      if (holder.length < 2) throw new Error(t.badName);
      if (digits.length < 13 || digits.length > 19) throw new Error(t.badNumber);
      if (!/^(0[1-9]|1[0-2])$/.test(month.padStart(2, '0')) || !/^\d{2}(\d{2})?$/.test(year))
        throw new Error(t.badExpiry);
      if (!/^\d{3,4}$/.test(securityCode)) throw new Error(t.badCvv);
      let result;
      try {
        result = await window.PagSeguro.encryptCard({
          publicKey: state.publicKey,
          holder,
          number: digits,
          expMonth: month.padStart(2, '0'),
          expYear: year.length === 2 ? `20${year}` : year,
          securityCode,
        });
      } catch {
        throw new Error(t.badCard);
      }
      if (!result || result.hasErrors || !result.encryptedCard) {
        const code = result?.errors?.[0]?.code;
        throw new Error(t[ERRORS[code]] ?? t.badCard);
      }
      return { token: result.encryptedCard, brand: brandOf(digits), last4: digits.slice(-4) };
    },
  };
})();
