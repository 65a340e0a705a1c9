import type { TCart, TCheckoutGateway, TInstallmentOption, TPaymentAnswer } from '@ingressos/contracts';
import { cpfsNeeded } from '@ingressos/domain/cart';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { useCardForm } from '~/features/checkout/card-form.ts';
import { CardPanel } from '~/features/checkout/card-panel.tsx';
import { HostedCheckoutPanel } from '~/features/checkout/hosted-checkout-panel.tsx';
import { readIdentification } from '~/features/checkout/identification-store.ts';
import { NfeDocumentField, nfeDocumentProblem } from '~/features/checkout/nfe-document-field.tsx';
import { Approved, Declined, Processing } from '~/features/checkout/payment-states.tsx';
import { markMadeHere, PendingPayment, useSettle } from '~/features/checkout/pending-payment.tsx';
import { SplitPayment, SplitToggle } from '~/features/checkout/split-payment.tsx';
import { formatMoney } from '~/i18n/format.ts';
import { api } from '~/shared/api-client.ts';
import { CheckoutLayout } from '~/ui/checkout-frame.tsx';
import { CardIcon, PixIcon } from '~/ui/checkout-icons.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import styles from './payment.module.css';

const newKey = () => crypto.randomUUID();

type TIdentification = NonNullable<ReturnType<typeof readIdentification>>;

/** The tab's identification for this cart, read after hydration (undefined until then). */
function useStoredIdentification(cartId: string) {
  const [stored, setStored] = useState<TIdentification | null | undefined>(undefined);
  useEffect(() => setStored(readIdentification(cartId)), [cartId]);
  return stored;
}

/** §5: every unit of an item whose ticket limits tickets per CPF needs its holder's CPF. */
function needsIdentification(cart: TCart, stored: TIdentification | null) {
  return cart.items.some(
    (item, index) =>
      cpfsNeeded(item) > 0 &&
      (stored?.entries.find((entry) => entry.indexItem === index)?.cpfs.length ?? 0) !== item.quantity,
  );
}

/**
 * /pagamento: card (fields drawn by the gateway's own script, which tokenizes in the browser) or
 * Pix (BR Code as QR and copy-and-paste, with the sandbox's 'simulate payment'). Each attempt
 * carries an Idempotency-Key, so a double click or a retried request never charges twice.
 */
export function PaymentForm({
  cart,
  installments,
  gateway,
}: {
  cart: TCart;
  installments: TInstallmentOption[];
  gateway: TCheckoutGateway | null;
}) {
  const { t, locale } = useI18n();
  const free = cart.totals.total === 0;
  const pixOffered = cart.pixPaymentMethod !== false;
  // The event's gateway decides the ways to pay (the cart says which): card first when it takes cards.
  const [method, setMethod] = useState<'credit_card' | 'pix'>(
    cart.creditCardPaymentMethod || !pixOffered ? 'credit_card' : 'pix',
  );
  // No configured gateway sells this event: nothing can be paid, and the page says so.
  const unsellable = !free && !cart.checkoutGateway;
  const [count, setCount] = useState(1);
  // Ways to pay: multi-payment — the order split across several cards (split-payment.tsx).
  const [splitting, setSplitting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  // The gateway's refusal, shown as the declined state above the form (which stays for another try).
  const [declined, setDeclined] = useState('');
  const [result, setResult] = useState<TPaymentAnswer | null>(null);
  // Issue 15: the wallet button drawn for a reserved order (hosted-checkout-panel.tsx).
  const [walletOpen, setWalletOpen] = useState(false);
  // Issue 15, NF-e: the document the cart asks for (isNfeMandatory), and whether paying was tried.
  const [nfeDocument, setNfeDocument] = useState('');
  const [nfeTried, setNfeTried] = useState(false);
  const key = useRef<string>('');
  const container = useRef<HTMLDivElement>(null);
  // While a payment is pending the form is not on the page; it mounts again if that payment fails.
  const plan = installments.find((option) => option.installments === count);
  // What the buyer reads by the button is what is charged: the installment plan's total for a card.
  const chargeTotal = method === 'credit_card' && plan ? plan.totalValue : cart.totals.total;
  const { ready, failure } = useCardForm(
    container,
    !free && method === 'credit_card' && !splitting && result?.orderStatus !== 1 && !walletOpen,
    locale,
    gateway,
    // The cart's total, not the plan's: choosing installments must not draw the fields again
    // (and clear what the buyer typed); the charge takes the plan's total anyway.
    cart.totals.total,
    cart.currency,
  );
  const total = formatMoney(chargeTotal, cart.currency);
  const identification = useStoredIdentification(cart.id);
  const unidentified = identification !== undefined && needsIdentification(cart, identification);

  const settle = useSettle();
  const revalidator = useRevalidator();
  const location = useLocation();
  const finish = (answer: TPaymentAnswer) => {
    setResult(answer);
    // A refusal is told once, in the page's own alert beside the form (not again in a toast).
    const refused = Boolean(
      answer.message && answer.transactionStatus !== 'success' && answer.orderStatus !== 1,
    );
    if (settle(answer, { toldOnPage: refused })) key.current = '';
    if (refused && answer.message) setDeclined(answer.message);
    // Pending: the page and the shell reload it as the ongoing purchase (§4), so leaving
    // /pagamento offers it back.
    if (answer.orderStatus === 1) {
      markMadeHere(answer.orderId, location.key);
      revalidator.revalidate();
    }
  };

  const pay = async () => {
    // Issue 15, NF-e: a missing or wrong document is shown at its field before anything is charged.
    if (cart.isNfeMandatory && !free && nfeDocumentProblem(nfeDocument)) {
      setNfeTried(true);
      document.getElementById('nfe-document')?.focus();
      return;
    }
    setBusy(true);
    setMessage('');
    setDeclined('');
    try {
      let card:
        | { token: string; installments: number; paymentMethodId?: string; issuerId?: string }
        | undefined;
      if (!free && method === 'credit_card') {
        const made = await window.BilhetoCardForm!.createToken().catch((e: Error & { field?: string }) => {
          // A field's own error is shown under that field by the gateway's form; others by the button.
          if (!e.field) setMessage(e.message);
          return null;
        });
        if (!made) return;
        card = {
          token: made.token,
          installments: count,
          ...(made.brand ? { paymentMethodId: made.brand } : {}),
          ...(made.issuerId ? { issuerId: made.issuerId } : {}),
        };
      }
      key.current ||= newKey();
      // One key per attempt: a retry of the same attempt (a lost answer) is never charged twice.
      const answer = await api('pay', {
        headers: { 'idempotency-key': key.current },
        body: {
          paymentType: free ? 'free' : method,
          ...(card ? { card } : {}),
          // The total on screen: the server refuses to charge anything else (409 amount_changed).
          totalTicketValue: free ? 0 : chargeTotal,
          identificationTickets: identification?.entries ?? [],
          transfers: identification?.transfers ?? [],
          ...(cart.isNfeMandatory && !free ? { nfeDocument } : {}),
        },
      });
      // A refused charge (402) still answers the order: it is shown like any other outcome.
      if (answer.ok) return finish(answer.body);
      if (answer.body?.orderId) return finish(answer.body as TPaymentAnswer);
      // The cart changed since the page was drawn: show the new amounts before anything is charged.
      if (answer.error?.code === 'amount_changed') revalidator.revalidate();
      const text = answer.message || t('app.genericError');
      setMessage(text);
      toast.error(text);
      key.current = '';
    } finally {
      setBusy(false);
    }
  };

  const holders = Object.fromEntries(
    (identification?.entries ?? []).map((entry) => [entry.indexItem, entry.cpfs]),
  );
  const frame = (children: React.ReactNode, timer = true) => (
    <CheckoutLayout
      title={t('page.payment')}
      step="payment"
      cart={cart}
      holders={holders}
      plan={!free && method === 'credit_card' && count > 1 ? plan : undefined}
      timer={timer}
    >
      {children}
    </CheckoutLayout>
  );

  if (result?.transactionStatus === 'success') return frame(<Approved />, false);
  // A pending Pix or a card under review: followed until it settles.
  if (result && result.orderStatus === 1)
    return frame(<PendingPayment answer={result} onSettled={finish} amount={total} fresh />, false);

  // Ways to pay: multi-payment.
  if (splitting && !free && method === 'credit_card')
    return frame(
      <SplitPayment
        total={cart.totals.total}
        currency={cart.currency}
        eventId={cart.eventId ?? cart.items[0]?.eventId ?? null}
        gateway={gateway}
        identification={identification}
        onCancel={() => setSplitting(false)}
      />,
    );

  return frame(
    <>
      {/* While the wallet button is drawn the order is reserved for it: only it shows (issue 15). */}
      {!walletOpen && (
        <>
          {declined && <Declined message={declined} />}
          {unsellable ? (
            <p role="alert" className={styles.sandbox}>
              {t('checkout.salesUnavailable')}
            </p>
          ) : free ? (
            <p role="note" className={styles.sandbox}>
              {t('checkout.freeHint')}
            </p>
          ) : (
            <PaymentMethods
              cart={cart}
              method={method}
              setMethod={setMethod}
              pixOffered={pixOffered}
              card={
                <CardPanel
                  container={container}
                  ready={ready}
                  failure={failure}
                  gateway={gateway}
                  cart={cart}
                  installments={installments}
                  count={count}
                  setCount={setCount}
                />
              }
            />
          )}
          {cart.isNfeMandatory && !free && !unsellable && (
            <NfeDocumentField value={nfeDocument} onChange={setNfeDocument} showError={nfeTried} />
          )}
          {!free && !unsellable && cart.multiplePaymentMethod && method === 'credit_card' && (
            <SplitToggle checked={false} onChange={() => setSplitting(true)} />
          )}
          {unidentified && (
            <p role="alert" className={styles.sandbox}>
              {t(free ? 'checkout.identifyFirstFree' : 'checkout.identifyFirst')}{' '}
              <Link to="/identificacao">{t('checkout.identifyLink')}</Link>
            </p>
          )}
          {message && (
            <p role="alert" className={styles.error}>
              {message}
            </p>
          )}
          {busy && <Processing />}
          <button
            type="button"
            className={styles.primary}
            disabled={
              unsellable ||
              identification === undefined ||
              unidentified ||
              (!free && method === 'credit_card' && !ready)
            }
            // Issue 20: busy, not disabled, while paying: a refused card leaves focus on 'Pagar'.
            aria-disabled={busy || undefined}
            onClick={busy ? undefined : pay}
          >
            {busy
              ? t('checkout.paying')
              : free
                ? t('checkout.confirmFree')
                : method === 'pix'
                  ? t('checkout.createPix', { total })
                  : t('checkout.pay', { total })}
          </button>
        </>
      )}
      {/* Ways to pay (issue 15): the wallet (yellow) button and the gateway's hosted page. */}
      {!free && !unsellable && (
        <HostedCheckoutPanel
          cart={cart}
          gateway={gateway}
          identification={identification}
          disabled={busy || identification === undefined || unidentified}
          onWallet={setWalletOpen}
        />
      )}
    </>,
  );
}

/** Card or Pix (Pix only where the cart's currency allows it), and the card form when chosen. */
function PaymentMethods({
  cart,
  method,
  setMethod,
  pixOffered,
  card,
}: {
  cart: TCart;
  method: 'credit_card' | 'pix';
  setMethod: (method: 'credit_card' | 'pix') => void;
  pixOffered: boolean;
  card: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      <fieldset className={styles.methods}>
        <legend>{t('checkout.method')}</legend>
        {cart.creditCardPaymentMethod !== false && (
          <label className={styles.method}>
            <input
              type="radio"
              name="method"
              checked={method === 'credit_card'}
              onChange={() => setMethod('credit_card')}
            />
            <CardIcon />
            {t('checkout.card')}
          </label>
        )}
        {pixOffered && (
          <label className={styles.method}>
            <input type="radio" name="method" checked={method === 'pix'} onChange={() => setMethod('pix')} />
            <PixIcon />
            {t('checkout.pix')}
          </label>
        )}
      </fieldset>
      {!pixOffered && <p className={styles.secure}>{t('checkout.pixReaisOnly')}</p>}
      {method === 'credit_card' && card}
    </>
  );
}
