// Mercado Pago's card form for the payment page (PAYMENT_GATEWAY=mercadopago), served from our
// origin like the sandbox's. It loads Mercado Pago's SDK (MercadoPago.js v2), mounts its secure
// fields — card number, expiry and security code are iframes served by Mercado Pago, so their
// values never reach this page's code, our API or our logs — plus plain inputs for the
// cardholder's name and CPF, and makes the card token with mp.fields.createCardToken.
// window.BilhetoCardForm is the interface the payment page talks to, whatever the gateway:
//   mount(element, { locale, amount, publicKey }) -> Promise; createToken() -> { token, brand, last4, issuerId }.
(() => {
  const SDK = 'https://sdk.mercadopago.com/js/v2';
  const TEXT = {
    'pt-BR': {
      number: 'Número do cartão',
      expiry: 'Validade (MM/AA)',
      cvv: 'Código de segurança (CVV)',
      name: 'Nome impresso no cartão',
      cpf: 'CPF do titular do cartão',
      badName: 'Informe o nome impresso no cartão.',
      badCpf: 'CPF do titular inválido.',
      badCard: 'Confira os dados do cartão.',
      unavailable: 'Não foi possível carregar o formulário do cartão. Tente novamente ou pague com Pix.',
    },
    en: {
      number: 'Card number',
      expiry: 'Expiry (MM/YY)',
      cvv: 'Security code (CVV)',
      name: 'Name on card',
      cpf: "Cardholder's CPF",
      badName: 'Enter the name on the card.',
      badCpf: "Invalid cardholder's CPF.",
      badCard: 'Check the card details.',
      unavailable: 'The card form could not be loaded. Try again or pay with Pix.',
    },
  };
  const validCpf = (digits) => {
    if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
    const check = (length) => {
      let sum = 0;
      for (let i = 0; i < length; i += 1) sum += Number(digits[i]) * (length + 1 - i);
      const rest = (sum * 10) % 11;
      return (rest === 10 ? 0 : rest) === Number(digits[length]);
    };
    return check(9) && check(10);
  };
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
  /** A labelled box: a secure field's container (Mercado Pago mounts its iframe in it) or a plain input. */
  const box = (id, label, input) => {
    const wrap = document.createElement('div');
    wrap.className = 'sbx-field';
    const l = document.createElement(input ? 'label' : 'span');
    l.id = `${id}-label`;
    l.textContent = label;
    if (input) {
      l.htmlFor = id;
      input.id = id;
      wrap.append(l, input);
      return { wrap, input };
    }
    const container = document.createElement('div');
    container.id = id;
    container.className = 'mp-secure-field';
    container.setAttribute('role', 'group');
    container.setAttribute('aria-labelledby', l.id);
    wrap.append(l, container);
    return { wrap };
  };
  const plain = (attrs) => {
    const input = document.createElement('input');
    // No name attribute: these fields are never part of a submitted form.
    for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
    return input;
  };
  let state = null;
  /** Mercado Pago's payment method for a BIN: its id (the brand) and issuer. */
  const methodOf = async (mp, bin) => {
    try {
      const answer = await mp.getPaymentMethods({ bin });
      const method = answer?.results?.[0];
      if (!method) return null;
      return { id: method.id, issuerId: method.issuer?.id ? String(method.issuer.id) : undefined };
    } catch {
      return null;
    }
  };
  window.BilhetoCardForm = {
    async mount(element, options) {
      const t = TEXT[options?.locale] ?? TEXT['pt-BR'];
      if (!options?.publicKey) throw new Error(t.unavailable);
      try {
        await loadSdk();
      } catch {
        throw new Error(t.unavailable);
      }
      // Mounted again (the buyer went to Pix and back): the previous fields go first.
      for (const old of state?.fields ?? []) {
        try {
          old.unmount();
        } catch {}
      }
      state = null;
      const mp = new window.MercadoPago(options.publicKey, {
        locale: options.locale === 'en' ? 'en-US' : 'pt-BR',
      });
      const number = box('mp-card-number', t.number);
      const expiry = box('mp-expiration-date', t.expiry);
      const cvv = box('mp-security-code', t.cvv);
      const name = box('mp-cardholder-name', t.name, plain({ autocomplete: 'cc-name', maxlength: '60' }));
      const cpf = box(
        'mp-cardholder-cpf',
        t.cpf,
        plain({ inputmode: 'numeric', autocomplete: 'off', maxlength: '14', placeholder: '000.000.000-00' }),
      );
      // Expiry and CVV side by side, as on the card itself (the page styles .sbx-row).
      const row = document.createElement('div');
      row.className = 'sbx-row';
      row.append(expiry.wrap, cvv.wrap);
      element.replaceChildren(number.wrap, row, name.wrap, cpf.wrap);
      const style = { height: '100%', fontSize: '16px' };
      const cardNumber = mp.fields
        .create('cardNumber', { placeholder: '0000 0000 0000 0000', srLabel: t.number, style })
        .mount('mp-card-number');
      const expirationDate = mp.fields
        .create('expirationDate', { placeholder: 'MM/AA', srLabel: t.expiry, mode: 'short', style })
        .mount('mp-expiration-date');
      const securityCode = mp.fields
        .create('securityCode', { placeholder: '123', srLabel: t.cvv, style })
        .mount('mp-security-code');
      const fields = [cardNumber, expirationDate, securityCode];
      state = { mp, t, name: name.input, cpf: cpf.input, method: null, fields };
      const current = state;
      cardNumber.on('binChange', async (event) => {
        current.method = null;
        if (event?.bin) current.method = await methodOf(mp, event.bin);
      });
    },
    /** Resolves { token, brand, last4, issuerId } or rejects with an Error whose message is for the buyer. */
    async createToken() {
      if (!state) throw new Error('card form not mounted');
      const { mp, t } = state;
      const cardholderName = state.name.value.trim();
      const identificationNumber = state.cpf.value.replace(/\D/g, '');
      if (cardholderName.length < 2) throw new Error(t.badName);
      if (!validCpf(identificationNumber)) throw new Error(t.badCpf);
      let token;
      try {
        token = await mp.fields.createCardToken({
          cardholderName,
          identificationType: 'CPF',
          identificationNumber,
        });
      } catch {
        throw new Error(t.badCard);
      }
      if (!token?.id) throw new Error(t.badCard);
      const method =
        state.method ?? (token.first_six_digits ? await methodOf(mp, token.first_six_digits) : null);
      return {
        token: token.id,
        brand: method?.id ?? '',
        last4: token.last_four_digits ?? '',
        ...(method?.issuerId ? { issuerId: method.issuerId } : {}),
      };
    },
  };
})();
