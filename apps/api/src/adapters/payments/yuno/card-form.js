// Yuno's card form for the payment page (events sold through Yuno), served from our origin like
// the sandbox's. It asks our server for a Yuno checkout session for the buyer's cart (POST
// /api/v1/yuno/start-checkout: the amount is read from the cart there, never from this page),
// loads Yuno's Web SDK, mounts its secure fields — card number, expiry and CVV are iframes
// served by Yuno, so their values never reach this page's code, our API or our logs — plus plain
// inputs for the cardholder's name and CPF, and makes the one-time token with
// secureFields.generateToken (docs.y.uno "Secure Fields (Payment)"). The token it hands the page
// carries the checkout session too (`<session>:<one-time token>`): the charge needs both.
// window.BilhetoCardForm is the interface the payment page talks to, whatever the gateway:
//   mount(element, { locale, amount, publicKey }) -> Promise; createToken() -> { token, brand, last4 }.
(() => {
  const SDK = 'https://sdk-web.y.uno/v1.10/main.js';
  const SESSION_PATH = '/api/v1/yuno/start-checkout';
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
    if (window.Yuno) return Promise.resolve();
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
  /** A Yuno checkout session for the signed-in buyer's cart, opened by our server. */
  const startSession = async () => {
    const response = await fetch(SESSION_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const answer = response.ok ? await response.json() : null;
    if (!answer?.session) throw new Error('session');
    return answer.session;
  };
  /** A labelled box: a secure field's container (Yuno renders its iframe in it) or a plain input. */
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
    container.className = 'yuno-secure-field';
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
  /** The latest mount: an earlier one still waiting for its session draws nothing. */
  let generation = 0;
  window.BilhetoCardForm = {
    async mount(element, options) {
      const mine = ++generation;
      const t = TEXT[options?.locale] ?? TEXT['pt-BR'];
      if (!options?.publicKey) throw new Error(t.unavailable);
      let session;
      let yuno;
      try {
        [session] = await Promise.all([startSession(), loadSdk()]);
        yuno = await window.Yuno.initialize(options.publicKey);
      } catch {
        throw new Error(t.unavailable);
      }
      // Mounted again meanwhile (the page re-rendered with another amount): that mount draws the fields.
      if (mine !== generation) return;
      // Mounted again (the buyer went to Pix and back): a fresh session and fresh fields.
      for (const old of state?.fields ?? []) {
        try {
          old.unmount?.();
        } catch {}
      }
      state = null;
      const number = box('yuno-pan', t.number);
      const expiry = box('yuno-expiration', t.expiry);
      const cvv = box('yuno-cvv', t.cvv);
      const name = box('yuno-cardholder-name', t.name, plain({ autocomplete: 'cc-name', maxlength: '60' }));
      const cpf = box(
        'yuno-cardholder-cpf',
        t.cpf,
        plain({ inputmode: 'numeric', autocomplete: 'off', maxlength: '14', placeholder: '000.000.000-00' }),
      );
      // Expiry and CVV side by side, as on the card itself (the page styles .sbx-row).
      const row = document.createElement('div');
      row.className = 'sbx-row';
      row.append(expiry.wrap, cvv.wrap);
      element.replaceChildren(number.wrap, row, name.wrap, cpf.wrap);
      const secureFields = yuno.secureFields({
        countryCode: 'BR',
        checkoutSession: session,
        installmentEnable: false,
      });
      const current = { session, secureFields, t, name: name.input, cpf: cpf.input, brand: '', fields: [] };
      const field = (fieldName, label, placeholder, selector) => {
        const made = secureFields.create({
          name: fieldName,
          options: {
            label,
            placeholder,
            showError: true,
            validationType: 'on_blur',
            onChange: ({ data } = {}) => {
              // The card's IIN information (scheme/brand) once the number is typed.
              const brand = data?.cardIIN?.scheme ?? data?.cardIIN?.brand ?? data?.brand;
              if (fieldName === 'pan' && typeof brand === 'string') current.brand = brand.toLowerCase();
            },
          },
        });
        made.render(selector);
        current.fields.push(made);
      };
      field('pan', t.number, '0000 0000 0000 0000', '#yuno-pan');
      field('expiration', t.expiry, 'MM/AA', '#yuno-expiration');
      field('cvv', t.cvv, '123', '#yuno-cvv');
      state = current;
    },
    /** Resolves { token, brand, last4 } or rejects with an Error whose message is for the buyer. */
    async createToken() {
      if (!state) throw new Error('card form not mounted');
      const { t } = state;
      const cardHolderName = state.name.value.trim();
      const documentNumber = state.cpf.value.replace(/\D/g, '');
      if (cardHolderName.length < 2) throw new Error(t.badName);
      if (!validCpf(documentNumber)) throw new Error(t.badCpf);
      let oneTimeToken;
      try {
        oneTimeToken = await state.secureFields.generateToken({
          cardHolderName,
          customer: { document: { document_number: documentNumber, document_type: 'CPF' } },
        });
      } catch {
        throw new Error(t.badCard);
      }
      if (typeof oneTimeToken !== 'string' || !oneTimeToken) throw new Error(t.badCard);
      // Yuno answers the card's last four digits with the payment; the form never reads them.
      return { token: `${state.session}:${oneTimeToken}`, brand: state.brand, last4: '' };
    },
  };
})();
