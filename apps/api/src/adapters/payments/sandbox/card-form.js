// The sandbox gateway's card form. Served from the gateway's own path, it draws the card fields
// and turns them into a token in the browser: the page and our API only ever see the token, the
// brand and the last four digits. Test cards (any future expiry, any 3-digit CVV):
//   4111 1111 1111 1111 and 5031 4332 1540 6351 -> approved
//   4000 0000 0000 0002 -> rejected
//   4000 0000 0000 0077 -> in_process (pending)
//   4000 0000 0000 3220 -> the issuer asks for a 3-D Secure challenge (approve or deny it)
(() => {
  const OUTCOMES = {
    4111111111111111: 'apro',
    5031433215406351: 'apro',
    4000000000000002: 'rej',
    4000000000000077: 'pend',
    4000000000003220: '3ds',
  };
  const TEXT = {
    'pt-BR': {
      number: 'Número do cartão',
      name: 'Nome impresso no cartão',
      expiry: 'Validade (MM/AA)',
      cvv: 'Código de segurança (CVV)',
      badNumber: 'Número de cartão inválido.',
      badName: 'Informe o nome impresso no cartão.',
      badExpiry: 'Validade inválida.',
      badCvv: 'CVV inválido.',
    },
    en: {
      number: 'Card number',
      name: 'Name on card',
      expiry: 'Expiry (MM/YY)',
      cvv: 'Security code (CVV)',
      badNumber: 'Invalid card number.',
      badName: 'Enter the name on the card.',
      badExpiry: 'Invalid expiry date.',
      badCvv: 'Invalid CVV.',
    },
  };
  const luhn = (digits) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return digits.length >= 13 && sum % 10 === 0;
  };
  const brandOf = (digits) =>
    /^3[47]/.test(digits)
      ? 'amex'
      : /^(5[1-5]|2[2-7])/.test(digits)
        ? 'master'
        : /^(4011|4312|4389|5041|6362|6363)/.test(digits)
          ? 'elo'
          : 'visa';
  const random = () => {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode(...bytes))
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 16);
  };
  let fields = null;
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
    // Each field's own error line, under it, tied to it for screen readers.
    const error = document.createElement('p');
    error.id = `${id}-error`;
    error.className = 'sbx-error';
    // A live region from the start (issue 31): its message is said when it appears.
    error.setAttribute('role', 'alert');
    input.addEventListener('input', () => clear(input));
    wrap.append(l, input, error);
    return { wrap, input };
  };
  const clear = (input) => {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    const error = document.getElementById(`${input.id}-error`);
    if (error) error.textContent = '';
  };
  /** Shows the message under its field and rejects with it; `field` tells the page it is shown there. */
  const fail = (input, message) => {
    const error = document.getElementById(`${input.id}-error`);
    if (error) error.textContent = message;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', `${input.id}-error`);
    input.focus();
    const failure = new Error(message);
    failure.field = input.id;
    return failure;
  };
  // window.BilhetoCardForm is the interface the payment page talks to, whatever the gateway.
  window.BilhetoCardForm = {
    /** options: { locale, amount }; resolves once the fields are drawn. */
    async mount(element, options) {
      const t = TEXT[options?.locale] ?? TEXT['pt-BR'];
      const number = field('sbx-number', t.number, {
        inputmode: 'numeric',
        autocomplete: 'cc-number',
        maxlength: '23',
      });
      const name = field('sbx-name', t.name, { autocomplete: 'cc-name', maxlength: '60' });
      const expiry = field('sbx-expiry', t.expiry, {
        inputmode: 'numeric',
        autocomplete: 'cc-exp',
        maxlength: '5',
        placeholder: 'MM/AA',
      });
      const cvv = field('sbx-cvv', t.cvv, { inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4' });
      number.input.addEventListener('input', () => {
        const d = number.input.value.replace(/\D/g, '').slice(0, 19);
        number.input.value = d.replace(/(\d{4})(?=\d)/g, '$1 ');
      });
      expiry.input.addEventListener('input', () => {
        const d = expiry.input.value.replace(/\D/g, '').slice(0, 4);
        expiry.input.value = d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
      });
      // Expiry and CVV side by side, as on the card itself.
      const row = document.createElement('div');
      row.className = 'sbx-row';
      row.append(expiry.wrap, cvv.wrap);
      element.replaceChildren(number.wrap, name.wrap, row);
      fields = { number: number.input, name: name.input, expiry: expiry.input, cvv: cvv.input, t };
      element.dispatchEvent(new CustomEvent('sandbox-gateway-ready', { bubbles: true }));
    },
    /** Resolves { token, brand, last4 } or rejects with an Error whose message is for the buyer. */
    async createToken() {
      if (!fields) throw new Error('card form not mounted');
      const { t } = fields;
      const digits = fields.number.value.replace(/\D/g, '');
      for (const input of [fields.number, fields.name, fields.expiry, fields.cvv]) clear(input);
      if (!luhn(digits)) throw fail(fields.number, t.badNumber);
      if (fields.name.value.trim().length < 2) throw fail(fields.name, t.badName);
      const [mm, yy] = fields.expiry.value.split('/').map(Number);
      const now = new Date();
      const end = new Date(2000 + (yy || 0), mm || 0, 1);
      if (!(mm >= 1 && mm <= 12) || end <= now) throw fail(fields.expiry, t.badExpiry);
      if (!/^\d{3,4}$/.test(fields.cvv.value)) throw fail(fields.cvv, t.badCvv);
      const outcome = OUTCOMES[digits] ?? 'rej';
      const brand = brandOf(digits);
      const last4 = digits.slice(-4);
      // Forget the sensitive fields as soon as the token exists.
      fields.number.value = '';
      fields.cvv.value = '';
      // Tell the page the number is gone (it shows the brand from it).
      fields.number.dispatchEvent(new Event('input', { bubbles: true }));
      return { token: `sbx_${outcome}_${brand}_${last4}_${random()}`, brand, last4 };
    },
  };
  // The former name, for pages cached before the gateway-neutral interface.
  window.SandboxGateway = window.BilhetoCardForm;
})();
