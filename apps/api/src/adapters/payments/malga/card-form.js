// Malga's card form for the payment page, served from our origin like the sandbox's. It frames
// Malga's hosted fields and speaks their protocol as Malga's own browser library does
// (@malga/tokenization 2.3.0: one iframe per field, served by hosted-fields(-sandbox).malga.io;
// 'setTypeField' to set each one up; the fields report 'updateCardValues', 'cardTypeChanged' and
// 'validity'; 'submit' to the card-number field, which calls Malga's tokens API itself and
// answers 'tokenize' with { tokenId, error }). The card number and CVV are typed into Malga's
// iframes and sent by them to Malga: never to our API, never into our logs. The values the
// fields report for the submit are kept in this closure only (the library keeps them in
// sessionStorage) and forgotten once a token is made.
// window.BilhetoCardForm is the interface the payment page talks to, whatever the gateway:
//   mount(element, { locale, amount, publicKey }) -> Promise; createToken() -> { token, brand, last4 }.
(() => {
  // Filled in by the server (malga.ts): { clientId, sandbox }.
  const CONFIG = /*MALGA_CONFIG*/ null;
  const ORIGIN = CONFIG?.sandbox
    ? 'https://hosted-fields-sandbox.malga.io'
    : 'https://hosted-fields.malga.io';
  const TEXT = {
    'pt-BR': {
      number: 'Número do cartão',
      name: 'Nome impresso no cartão',
      expiry: 'Validade (MM/AA)',
      cvv: 'Código de segurança (CVV)',
      badCard: 'Confira os dados do cartão.',
      slow: 'O cartão não respondeu a tempo. Tente novamente.',
      unavailable: 'Não foi possível carregar o formulário do cartão. Tente novamente ou pague com Pix.',
    },
    en: {
      number: 'Card number',
      name: 'Name on card',
      expiry: 'Expiry (MM/YY)',
      cvv: 'Security code (CVV)',
      badCard: 'Check the card details.',
      slow: 'The card did not answer in time. Try again.',
      unavailable: 'The card form could not be loaded. Try again or pay with Pix.',
    },
  };
  // The hosted fields, by the container ids Malga's fields expect, with their config keys.
  const FIELDS = [
    { id: 'card-number', key: 'cardNumber', label: 'number', placeholder: '0000 0000 0000 0000' },
    { id: 'card-holder-name', key: 'cardHolderName', label: 'name', placeholder: '' },
    { id: 'card-expiration-date', key: 'cardExpirationDate', label: 'expiry', placeholder: 'MM/AA' },
    { id: 'card-cvv', key: 'cardCvv', label: 'cvv', placeholder: '123' },
  ];
  const camel = (field) => String(field).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  let state = null;
  let mounts = 0;

  window.addEventListener('message', (event) => {
    if (event.origin !== ORIGIN || !state) return;
    const { eventType, data } = event.data ?? {};
    if (!data?.field || !FIELDS.some((f) => f.id === data.field)) return;
    const box = state.boxes[data.field];
    if (eventType === 'updateCardValues') state.card[camel(data.field)] = String(data.value ?? '');
    else if (eventType === 'cardTypeChanged') state.brand = data.card?.type ?? '';
    else if (eventType === 'validity' && box) {
      box.classList.toggle('malga-hosted-field-invalid', !data.empty && !data.potentialValid && !data.valid);
      box.classList.toggle('malga-hosted-field-valid', Boolean(data.valid));
    } else if (eventType === 'focus') box?.classList.add('malga-hosted-field-focused');
    else if (eventType === 'blur') box?.classList.remove('malga-hosted-field-focused');
  });

  /** A labelled container with Malga's iframe in it (named after the field, as the library does). */
  const hosted = (field, t) => {
    const wrap = document.createElement('div');
    wrap.className = 'sbx-field';
    const label = document.createElement('span');
    label.id = `${field.id}-label`;
    label.textContent = t[field.label];
    const box = document.createElement('div');
    box.id = field.id;
    box.className = 'malga-hosted-field';
    box.setAttribute('role', 'group');
    box.setAttribute('aria-labelledby', label.id);
    const iframe = document.createElement('iframe');
    iframe.name = field.id;
    iframe.title = t[field.label];
    iframe.src = ORIGIN;
    iframe.width = '100%';
    iframe.height = '100%';
    iframe.setAttribute('frameborder', '0');
    const loaded = new Promise((resolve, reject) => {
      iframe.onload = () => {
        iframe.contentWindow?.postMessage(
          {
            type: 'setTypeField',
            field: field.id,
            fieldConfig: {
              container: field.id,
              placeholder: field.placeholder,
              needMask: field.id !== 'card-holder-name',
              defaultValidation: true,
            },
            styles: { input: { 'font-size': '16px' } },
            preventAutofill: false,
            sandbox: Boolean(CONFIG?.sandbox),
          },
          ORIGIN,
        );
        resolve();
      };
      iframe.onerror = reject;
    });
    box.append(iframe);
    wrap.append(label, box);
    return { wrap, box, iframe, loaded };
  };

  window.BilhetoCardForm = {
    async mount(element, options) {
      const t = TEXT[options?.locale] ?? TEXT['pt-BR'];
      if (!options?.publicKey || !CONFIG?.clientId) throw new Error(t.unavailable);
      const mount = ++mounts;
      const fields = FIELDS.map((field) => hosted(field, t));
      // Expiry and CVV side by side, as on the card itself (the page styles .sbx-row).
      const row = document.createElement('div');
      row.className = 'sbx-row';
      row.append(fields[2].wrap, fields[3].wrap);
      element.replaceChildren(fields[0].wrap, fields[1].wrap, row);
      state = {
        t,
        publicKey: options.publicKey,
        card: {},
        brand: '',
        boxes: Object.fromEntries(fields.map((f, i) => [FIELDS[i].id, f.box])),
        number: fields[0].iframe,
      };
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(t.unavailable)), 20_000));
      await Promise.race([Promise.all(fields.map((f) => f.loaded)), timeout]).catch(() => {
        // Mounted again meanwhile (its iframes were replaced before loading): the newer mount answers.
        if (mount === mounts) throw new Error(t.unavailable);
      });
    },
    /** Resolves { token, brand, last4 } or rejects with an Error whose message is for the buyer. */
    async createToken() {
      if (!state) throw new Error('card form not mounted');
      const current = state;
      const { t } = current;
      const target = current.number.contentWindow;
      if (!target) throw new Error(t.unavailable);
      const answer = new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          window.removeEventListener('message', listen);
          reject(new Error(t.slow));
        }, 30_000);
        function listen(event) {
          if (event.origin !== ORIGIN || event.data?.eventType !== 'tokenize') return;
          clearTimeout(timer);
          window.removeEventListener('message', listen);
          resolve(event.data.data ?? {});
        }
        window.addEventListener('message', listen);
      });
      target.postMessage(
        {
          eventType: 'submit',
          data: {
            authorizationData: { clientId: CONFIG.clientId, apiKey: current.publicKey },
            sandbox: Boolean(CONFIG.sandbox),
            debug: false,
            card: current.card,
          },
        },
        ORIGIN,
      );
      const digits = String(current.card.cardNumber ?? '').replace(/\D/g, '');
      const result = await answer;
      if (!result?.tokenId || result.error) throw new Error(t.badCard);
      // Nothing of the card stays here past its tokenization (a refused one may be corrected and sent again).
      current.card = {};
      return { token: result.tokenId, brand: current.brand, last4: digits.slice(-4) };
    },
  };
})();
