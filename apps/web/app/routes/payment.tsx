import type {
  TCart,
  TCartAnswer,
  TCheckoutGateway,
  TInstallmentOption,
  TOngoingOrder,
  TOngoingPurchase,
  TPaymentAnswer,
} from '@ingressos/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator } from 'react-router';
import { callApi, loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { requireProfileForPayment } from '~/features/accounts/require-profile-for-payment.server.ts';
import styles from '~/features/checkout/checkout.module.css';
import { readIdentification } from '~/features/checkout/identification-store.ts';
import { formatMoney } from '~/i18n/format.ts';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import { toast } from '~/ui/toast-store.ts';
import type { Route } from './+types/payment.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const base = {
    locale,
    brand: site.brandName,
    cart: null,
    error: null,
    installments: [],
    unverified: false,
    ongoing: null as TOngoingOrder | null,
  };
  const user = await loadUser(context);
  if (!user) return { ...base, auth: await loadAuthScreen(context) };
  // §2 guards: a verified e-mail (else the persistent warning), a complete profile, no incomplete tables.
  if (!user.emailVerified) return { ...base, auth: null, unverified: true };
  requireProfileForPayment(user);
  // §4 "Ongoing purchase": a pending payment is restored here, before any new one.
  const [answer, ongoing] = await Promise.all([
    callApi<TCartAnswer>(context, '/api/v3/getcart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
    callApi<TOngoingPurchase>(context, '/api/checkout/ongoing'),
  ]);
  if (ongoing.ok && ongoing.body.ongoing) return { ...base, auth: null, ongoing: ongoing.body.ongoing };
  const cart = answer.ok ? answer.body.cart : null;
  if (cart && cart.incompleteTables.length > 0) throw redirect(`/eventmap/${cart.items[0]!.slug}`);
  const [installments, gateway] = await Promise.all([
    cart?.eventId
      ? callApi<TInstallmentOption[]>(
          context,
          `/api/socialEvent/${cart.eventId}/getInstallments?value=${cart.totals.total}`,
        )
      : null,
    callApi<TCheckoutGateway>(context, '/api/checkout/gateway'),
  ]);
  return {
    ...base,
    auth: null,
    cart,
    error: answer.ok ? null : (answer.error?.Message ?? null),
    installments: installments?.ok ? installments.body : [],
    gateway: gateway.ok ? gateway.body : null,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(createTranslator(loaderData.locale)('page.payment'), loaderData.brand) }];
}

/** What every gateway's card-form script puts on window (sandbox-card-form.js, mercadopago-card-form.js). */
type TCardForm = {
  mount(
    element: HTMLElement,
    options: { locale: string; amount: number; publicKey: string | null },
  ): void | Promise<void>;
  createToken(): Promise<{ token: string; brand: string; last4: string; issuerId?: string }>;
};
declare global {
  interface Window {
    BilhetoCardForm?: TCardForm;
  }
}

/** Loads the active gateway's card-form script (same origin, allowed by the CSP) and mounts its fields. */
function useCardForm(
  container: React.RefObject<HTMLDivElement | null>,
  enabled: boolean,
  locale: string,
  gateway: TCheckoutGateway | null,
  amount: number,
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
      Promise.resolve(form.mount(element, { locale, amount, publicKey: gateway.publicKey })).then(
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
  }, [enabled, container, locale, gateway, amount]);
  return { ready, failure };
}

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
      item.ticketByCpf !== null &&
      (stored?.entries.find((entry) => entry.indexItem === index)?.cpfs.length ?? 0) !== item.quantity,
  );
}

/**
 * /pagamento: card (fields drawn by the gateway's own script, which tokenizes in the browser) or
 * Pix (BR Code as QR and copy-and-paste, with the sandbox's 'simulate payment'). Each attempt
 * carries an Idempotency-Key, so a double click or a retried request never charges twice.
 */
export default function Payment({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.auth) return <LazyAuth data={loaderData.auth} />;
  if (loaderData.unverified)
    return (
      <PageFrame title={t('page.payment')}>
        <p role="alert" className={styles.warning}>
          {t('account.confirmEmailWarning')}
        </p>
        <Link to="/minha-conta">{t('checkout.goToAccount')}</Link>
      </PageFrame>
    );
  const { cart, error, ongoing } = loaderData;
  if (ongoing) return <OngoingPurchase key={ongoing.orderId} ongoing={ongoing} />;
  if (!cart || cart.items.length === 0)
    return (
      <PageFrame title={t('page.payment')}>
        <p role="alert">{error ?? t('checkout.emptyCart')}</p>
        <Link to="/meus-ingressos">{t('header.myTickets')}</Link>
      </PageFrame>
    );
  return <PaymentForm cart={cart} installments={loaderData.installments} gateway={loaderData.gateway} />;
}

function LazyAuth({ data }: { data: Parameters<typeof LazyAuthScreen>[0]['data'] }) {
  return <LazyAuthScreen data={data} redirectTo="/pagamento" />;
}

function PaymentForm({
  cart,
  installments,
  gateway,
}: {
  cart: TCart;
  installments: TInstallmentOption[];
  gateway: TCheckoutGateway | null;
}) {
  const { t, locale } = useI18n();
  const [method, setMethod] = useState<'credit_card' | 'pix'>('credit_card');
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<TPaymentAnswer | null>(null);
  const key = useRef<string>('');
  const container = useRef<HTMLDivElement>(null);
  // While a payment is pending the form is not on the page; it mounts again if that payment fails.
  const { ready, failure } = useCardForm(
    container,
    method === 'credit_card' && result?.orderStatus !== 1,
    locale,
    gateway,
    cart.totals.total,
  );
  const total = formatMoney(cart.totals.total);
  const identification = useStoredIdentification(cart.id);
  const unidentified = identification !== undefined && needsIdentification(cart, identification);

  const settle = useSettle();
  const revalidator = useRevalidator();
  const finish = (answer: TPaymentAnswer) => {
    setResult(answer);
    if (settle(answer)) key.current = '';
    if (answer.message) setMessage(answer.message);
    // Pending: the page and the shell reload it as the ongoing purchase (§4), so leaving
    // /pagamento offers it back.
    if (answer.orderStatus === 1) revalidator.revalidate();
  };

  const pay = async () => {
    setBusy(true);
    setMessage('');
    try {
      let card:
        | { token: string; installments: number; paymentMethodId?: string; issuerId?: string }
        | undefined;
      if (method === 'credit_card') {
        const made = await window.BilhetoCardForm!.createToken().catch((e: Error) => {
          setMessage(e.message);
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
      const response = await fetch('/checkout/v1', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'idempotency-key': key.current },
        body: JSON.stringify({
          paymentType: method,
          ...(card ? { card } : {}),
          identificationTickets: identification?.entries ?? [],
          transfers: identification?.transfers ?? [],
        }),
      });
      const body = (await response.json().catch(() => null)) as Partial<TPaymentAnswer> & {
        Message?: string;
      };
      if (body?.orderId) return finish(body as TPaymentAnswer);
      const text = body?.Message ?? t('app.genericError');
      setMessage(text);
      toast.error(text);
      key.current = '';
    } finally {
      setBusy(false);
    }
  };

  // A pending Pix or a card under review: followed until it settles.
  if (result && result.orderStatus === 1)
    return (
      <PageFrame title={t('page.payment')}>
        <PendingPayment answer={result} onSettled={finish} />
      </PageFrame>
    );

  return (
    <PageFrame title={t('page.payment')}>
      <section className={styles.section}>
        <ul>
          {cart.items.map((item) => (
            <li key={item.lineId}>
              {item.quantity}× {item.eventName} · {item.sectionName} · {item.ticketName}
            </li>
          ))}
        </ul>
        <p>
          <strong>
            {t('checkout.total')}: {total}
          </strong>
        </p>
        <fieldset className={styles.methods}>
          <legend>{t('checkout.method')}</legend>
          {cart.creditCardPaymentMethod !== false && (
            <label>
              <input
                type="radio"
                name="method"
                checked={method === 'credit_card'}
                onChange={() => setMethod('credit_card')}
              />{' '}
              {t('checkout.card')}
            </label>
          )}
          {cart.pixPaymentMethod !== false && (
            <label>
              <input
                type="radio"
                name="method"
                checked={method === 'pix'}
                onChange={() => setMethod('pix')}
              />{' '}
              {t('checkout.pix')}
            </label>
          )}
        </fieldset>
        {method === 'credit_card' && (
          <>
            {gateway?.kind !== 'mercadopago' && <p className={styles.warning}>{t('checkout.sandboxHint')}</p>}
            {ready ? null : (
              <p role={failure ? 'alert' : undefined}>{failure || t('checkout.cardFormLoading')}</p>
            )}
            {/* The gateway's script owns this element's children: React renders none. */}
            <div ref={container} className={styles.cardForm} aria-busy={!ready} />
            <div className={styles.field}>
              <label htmlFor="installments">{t('checkout.installments')}</label>
              <select id="installments" value={count} onChange={(e) => setCount(Number(e.target.value))}>
                {installments.map((option) => (
                  <option key={option.installments} value={option.installments}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        {unidentified && (
          <p role="alert" className={styles.warning}>
            {t('checkout.identifyFirst')} <Link to="/identificacao">{t('checkout.identifyLink')}</Link>
          </p>
        )}
        {message && (
          <p role="alert" className={styles.error}>
            {message}
          </p>
        )}
        <button
          type="button"
          className={styles.primary}
          disabled={
            busy || identification === undefined || unidentified || (method === 'credit_card' && !ready)
          }
          onClick={pay}
        >
          {busy
            ? t('checkout.paying')
            : method === 'pix'
              ? t('checkout.createPix', { total })
              : t('checkout.pay', { total })}
        </button>
      </section>
    </PageFrame>
  );
}

/**
 * What an answer means to the buyer. Approved: toast and My tickets. Refused or refunded: the
 * message. Expired or cancelled: say so and reload (the cart may be gone). Answers true once the
 * payment ended without tickets (a new attempt needs a new Idempotency-Key).
 */
function useSettle() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return (answer: TPaymentAnswer) => {
    if (answer.transactionStatus === 'success') {
      toast.success(t('checkout.approved'));
      navigate('/meus-ingressos');
      return false;
    }
    if (answer.orderStatus === 1) return false;
    if (answer.message) toast.error(answer.message);
    else if (answer.orderStatus === 8) {
      toast.error(t('checkout.pixExpired'));
      revalidator.revalidate();
    }
    return true;
  };
}

/** Asks for the order's status every few seconds while it awaits payment. */
function usePolling(answer: TPaymentAnswer, onSettled: (answer: TPaymentAnswer) => void) {
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (answer.orderStatus !== 1) return;
    let stopped = false;
    const timer = setInterval(
      async () => {
        const response = await fetch(`/api/checkout/orders/${answer.orderId}`, {
          credentials: 'same-origin',
        }).catch(() => null);
        if (stopped || !response?.ok) return;
        const next = (await response.json()) as TPaymentAnswer;
        if (next.orderStatus !== 1) {
          stopped = true;
          clearInterval(timer);
          settled.current(next);
        }
      },
      answer.pix ? 2_000 : 3_000,
    );
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [answer.orderId, answer.orderStatus, answer.pix]);
}

/** A payment awaiting its outcome: the Pix to pay (with the sandbox's 'simulate payment') or a card under review. */
function PendingPayment({
  answer,
  onSettled,
}: {
  answer: TPaymentAnswer;
  onSettled: (answer: TPaymentAnswer) => void;
}) {
  const { t, locale } = useI18n();
  usePolling(answer, onSettled);
  const pix = answer.pix;
  if (!pix)
    return (
      <section className={styles.section} aria-label={t('checkout.inReview')}>
        <h2>{t('checkout.inReview')}</h2>
        <p role="status">{t('checkout.inProcess')}</p>
      </section>
    );
  return (
    <section className={styles.section} aria-label={t('checkout.pix')}>
      <img className={styles.qr} src={pix.qrCodeImage} alt={t('checkout.pixCopy')} />
      <p>{t('checkout.pixExpires', { time: new Date(pix.expiresAt).toLocaleTimeString(locale) })}</p>
      <label htmlFor="pix-code">{t('checkout.pixCopy')}</label>
      <textarea id="pix-code" className={styles.code} readOnly value={pix.qrCode} rows={4} />
      <button
        type="button"
        className={styles.secondary}
        onClick={() =>
          navigator.clipboard?.writeText(pix.qrCode).then(() => toast.success(t('checkout.pixCopied')))
        }
      >
        {t('checkout.pixCopyButton')}
      </button>
      <p role="status">{t('checkout.pixWaiting')}</p>
      {answer.sandbox && (
        <button
          type="button"
          className={styles.primary}
          onClick={async () => {
            await fetch(`/sandbox-gateway/pix/${answer.paymentId}/pay`, {
              method: 'POST',
              credentials: 'same-origin',
            });
            const response = await fetch(`/api/checkout/orders/${answer.orderId}`, {
              credentials: 'same-origin',
            });
            if (response.ok) onSettled((await response.json()) as TPaymentAnswer);
          }}
        >
          {t('checkout.simulate')}
        </button>
      )}
    </section>
  );
}

/**
 * §4 "Ongoing purchase" restored: the order's event, lines and total, and its pending payment.
 * A pending Pix may be given up to choose another method: its cart comes back to the session.
 */
function OngoingPurchase({ ongoing }: { ongoing: TOngoingOrder }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const settle = useSettle();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const response = await fetch('/api/checkout/ongoing/cancel', {
        method: 'POST',
        credentials: 'same-origin',
      });
      const body = (await response.json().catch(() => null)) as
        | (Partial<TPaymentAnswer> & { Message?: string })
        | null;
      if (!response.ok || !body?.orderId) {
        toast.error(body?.Message ?? t('app.genericError'));
        revalidator.revalidate();
        return;
      }
      if (body.transactionStatus === 'success') return void settle(body as TPaymentAnswer);
      toast.success(t('checkout.pixCancelled'));
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame title={t('page.payment')}>
      <section className={styles.section} aria-label={t('ongoing.title')}>
        <h2>{t('ongoing.title')}</h2>
        <p>
          <strong>{ongoing.event.name}</strong>
        </p>
        <ul>
          {ongoing.lines.map((line) => (
            <li key={`${line.sectionName}-${line.ticketName}-${line.placeAlias ?? ''}`}>
              {line.quantity}× {line.eventName} · {line.sectionName} · {line.ticketName}
              {line.placeAlias ? ` · ${line.placeAlias}` : ''}
            </li>
          ))}
        </ul>
        <p>
          <strong>
            {t('checkout.total')}: {formatMoney(ongoing.total)}
          </strong>
        </p>
      </section>
      <PendingPayment answer={ongoing} onSettled={settle} />
      {ongoing.cancellable && (
        <button type="button" className={styles.secondary} disabled={busy} onClick={cancel}>
          {t('checkout.cancelPix')}
        </button>
      )}
    </PageFrame>
  );
}
