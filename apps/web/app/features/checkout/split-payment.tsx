import type {
  TCheckoutGateway,
  TInstallmentOption,
  TMultiplePayment,
  TPaymentAnswer,
  TPendingMultipleTransaction,
} from '@ingressos/contracts';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useCardForm } from '~/features/checkout/card-form.ts';
import { Declined, Processing } from '~/features/checkout/payment-states.tsx';
import { useSettle } from '~/features/checkout/pending-payment.tsx';
import { formatMoney } from '~/i18n/format.ts';
import type { TMessageKey } from '~/i18n/index.ts';
import { api } from '~/shared/api-client.ts';
import { PadlockIcon } from '~/ui/checkout-icons.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import styles from './payment.module.css';
import split from './split-payment.module.css';

/** Ways to pay: multi-payment. Mirrors the API's rules (multi-payment.ts) so the buyer is told before paying. */
const MIN_CENTS = 500;
const MAX_CARDS = 5;
const cents = (value: number) => Math.round(value * 100);
/** "25,50" or "25.50" → 2550 cents (NaN when it is not an amount). */
const parseCents = (text: string) => {
  const clean = text.trim().replace(/\s|R\$|U\$/g, '');
  const normal = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean;
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Math.round(Number(normal) * 100) : Number.NaN;
};
const asInput = (c: number) => (c / 100).toFixed(2).replace('.', ',');
/** An even split: the first cards take the rounded-down share, the last what remains. */
const evenSplit = (totalCents: number, count: number) => {
  const share = Math.floor(totalCents / count);
  return Array.from({ length: count }, (_, i) => (i < count - 1 ? share : totalCents - share * (count - 1)));
};

type TCard = { token: string; installments: number; paymentMethodId?: string; issuerId?: string };

/** The installment plans of one card's amount (the event's table, fetched for that amount). */
function usePlans(eventId: number | null, amount: number) {
  const [plans, setPlans] = useState<TInstallmentOption[]>([]);
  useEffect(() => {
    if (!eventId || !(amount > 0)) return setPlans([]);
    let live = true;
    void api('installments', { params: { eventId }, query: { value: amount } }).then((answer) => {
      if (live) setPlans(answer.ok ? answer.body : []);
    });
    return () => {
      live = false;
    };
  }, [eventId, amount]);
  return plans;
}

/**
 * /pagamento, 'Dividir em mais de um cartão': the buyer chooses how many cards and each amount (the
 * last fills in what remains), then pays each card in turn with the gateway's own card form and
 * its own installments. The parts' statuses are listed; a declined card is tried again with
 * another card (the approved ones stay); giving up refunds the approved cards. `restored` is a
 * split already started (GET api/PendingMultipleTransaction), finished here after a reload.
 */
export function SplitPayment({
  total,
  currency,
  eventId,
  gateway,
  identification,
  restored,
  onCancel,
}: {
  total: number;
  currency: string;
  eventId: number | null;
  gateway: TCheckoutGateway | null;
  identification?: { entries: unknown[]; transfers: unknown[] } | null | undefined;
  restored?: TMultiplePayment | null | undefined;
  /** Back to one card (only before the first card is paid). */
  onCancel?: (() => void) | undefined;
}) {
  const { t, locale } = useI18n();
  const money = (value: number) => formatMoney(value, currency);
  const totalCents = cents(total);
  const [state, setState] = useState<TMultiplePayment | null>(restored ?? null);
  const [count, setCount] = useState(2);
  const [inputs, setInputs] = useState<string[]>(() => evenSplit(totalCents, 2).map(asInput));
  // The installments chosen for one amount (a new amount starts at 1x).
  const [chosen, setChosen] = useState({ amount: 0, count: 1 });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [declined, setDeclined] = useState('');
  const key = useRef('');
  const container = useRef<HTMLDivElement>(null);
  const settle = useSettle();
  const revalidator = useRevalidator();

  // The plan: the buyer's amounts, the last one what remains.
  const typed = inputs.slice(0, count - 1).map(parseCents);
  const rest = totalCents - typed.reduce((sum, c) => sum + (Number.isNaN(c) ? 0 : c), 0);
  const values = [...typed, rest];
  const invalid = state
    ? ''
    : typed.some(Number.isNaN) || rest <= 0
      ? t('split.sumWrong', { total: money(total) })
      : values.some((c) => c < MIN_CENTS)
        ? t('split.belowMinimum', { minimum: money(MIN_CENTS / 100) })
        : '';

  const position = state ? state.nextPosition : 0;
  const parts = state ? state.payments.length : count;
  const amount = state
    ? (state.payments.find((part) => part.position === position)?.value ?? 0)
    : (values[0] ?? 0) / 100;
  const plans = usePlans(eventId, invalid ? 0 : amount);
  const installments = chosen.amount === amount ? chosen.count : 1;
  const plan = plans.find((option) => option.installments === installments);
  const { ready, failure } = useCardForm(
    container,
    position !== null && !invalid,
    locale,
    gateway,
    // The share, not the plan's total: choosing installments must not draw the fields again.
    amount,
    currency,
  );

  const answered = (answer: TPaymentAnswer) => {
    key.current = '';
    if (answer.transactionStatus === 'success') return void settle(answer);
    if (answer.multiplePayment) setState(answer.multiplePayment);
    setDeclined(answer.multiplePayment && isDeclined(answer.multiplePayment) ? answer.message : '');
    if (answer.orderStatus !== 1) {
      settle(answer);
      revalidator.revalidate();
    }
  };

  const pay = async () => {
    if (position === null) return;
    setBusy(true);
    setMessage('');
    setDeclined('');
    try {
      const made = await window.BilhetoCardForm!.createToken().catch((e: Error & { field?: string }) => {
        if (!e.field) setMessage(e.message);
        return null;
      });
      if (!made) return;
      const card: TCard = {
        token: made.token,
        installments,
        ...(made.brand ? { paymentMethodId: made.brand } : {}),
        ...(made.issuerId ? { issuerId: made.issuerId } : {}),
      };
      key.current ||= crypto.randomUUID();
      const answer = await api('pay', {
        headers: { 'idempotency-key': key.current },
        body: state
          ? {
              paymentType: 'credit_card',
              isMultiplePayment: true,
              multiplePaymentUid: state.multiplePaymentUID,
              multiplePaymentValue: amount,
              card,
            }
          : {
              paymentType: 'credit_card',
              isMultiplePayment: true,
              multiplePaymentValue: amount,
              multiplePaymentValues: values.map((c) => c / 100),
              card,
              totalTicketValue: total,
              identificationTickets: (identification?.entries ?? []) as never,
              transfers: (identification?.transfers ?? []) as never,
            },
      });
      if (answer.ok) return answered(answer.body);
      if (answer.body?.orderId) return answered(answer.body as TPaymentAnswer);
      const text = answer.message || t('app.genericError');
      setMessage(text);
      toast.error(text);
      key.current = '';
    } finally {
      setBusy(false);
    }
  };

  const refresh = async () => {
    const answer = await api('pendingMultipleTransaction');
    if (answer.ok && answer.body.result) setState(answer.body.result.split);
    else revalidator.revalidate();
  };

  const giveUp = async () => {
    if (!state || !window.confirm(t('split.giveUpConfirm'))) return;
    setBusy(true);
    try {
      const answer = await api('reimburseMultiplePayments', {
        params: { transactionUID: state.multiplePaymentUID },
      });
      if (!answer.ok) return void toast.error(answer.message || t('app.genericError'));
      if (answer.body.multiplePayment) setState(answer.body.multiplePayment);
      toast.success(answer.body.message);
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  const fields = Array.from({ length: count - 1 }, (_, i) => ({ id: `amount-${count}-${i + 1}`, i }));
  const choose = (next: number) => {
    setCount(next);
    setInputs(evenSplit(totalCents, next).map(asInput));
  };

  return (
    <section className={split.split} aria-label={t('split.title')}>
      <h2 className={split.title}>{t('split.title')}</h2>
      {!state && (
        <>
          {onCancel && <SplitToggle checked onChange={onCancel} />}
          <p className={split.intro}>
            {t('split.intro', {
              total: money(total),
              max: String(MAX_CARDS),
              minimum: money(MIN_CENTS / 100),
            })}
          </p>
          <label className={split.field}>
            <span>{t('split.cards')}</span>
            <select value={count} onChange={(event) => choose(Number(event.target.value))}>
              {Array.from({ length: MAX_CARDS - 1 }, (_, i) => i + 2).map((n) => (
                <option key={n} value={n}>
                  {t('split.cardsOption', { count: String(n) })}
                </option>
              ))}
            </select>
          </label>
          <div className={split.amounts}>
            {fields.map(({ id, i }) => (
              <label key={id} className={split.field}>
                <span>{t('split.amount', { position: String(i + 1) })}</span>
                <span className={split.money}>
                  <span aria-hidden="true">{currency === 'BRL' ? 'R$' : 'U$'}</span>
                  <input
                    inputMode="decimal"
                    value={inputs[i] ?? ''}
                    onChange={(event) =>
                      setInputs((old) => old.map((value, j) => (j === i ? event.target.value : value)))
                    }
                  />
                </span>
              </label>
            ))}
            <p className={split.rest} aria-live="polite">
              {t('split.rest', { position: String(count), amount: money(Math.max(rest, 0) / 100) })}
            </p>
          </div>
          {invalid && (
            <p role="alert" className={styles.error}>
              {invalid}
            </p>
          )}
        </>
      )}

      {state && <PartsList state={state} currency={currency} />}
      {declined && <Declined message={declined} />}
      {state && position !== null && isDeclined(state) && (
        <p className={split.intro}>{t('split.retryHint', { position: String(position + 1) })}</p>
      )}
      {state && position === null && state.remaining > 0 && (
        <p role="status" className={styles.sandbox}>
          {t('split.inFlight')}{' '}
          <button type="button" className={styles.secondary} onClick={refresh}>
            {t('split.refresh')}
          </button>
        </p>
      )}

      {position !== null && !invalid && (
        <div className={styles.card}>
          <h3 className={split.partTitle}>
            {t('split.part', { position: String(position + 1) })} · {money(amount)}
          </h3>
          {gateway?.testMode && <p className={styles.sandbox}>{t('checkout.sandboxHint')}</p>}
          {ready ? null : (
            <p role={failure ? 'alert' : undefined}>{failure || t('checkout.cardFormLoading')}</p>
          )}
          {/* The gateway's script owns this element's children: React renders none. */}
          <div ref={container} className={styles.cardForm} aria-busy={!ready} />
          {plans.length > 0 && (
            <label className={split.field}>
              <span>{t('split.installments', { position: String(position + 1) })}</span>
              <select
                value={installments}
                onChange={(event) => setChosen({ amount, count: Number(event.target.value) })}
              >
                {plans.map((option) => (
                  <option key={option.installments} value={option.installments}>
                    {t('split.installmentOption', {
                      count: String(option.installments),
                      value: money(option.installmentValue),
                      total: money(option.totalValue),
                    })}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p className={styles.secure}>
            <PadlockIcon />
            {t('checkoutUi.secure')}
          </p>
        </div>
      )}
      {message && (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      )}
      {busy && <Processing />}
      {position !== null && !invalid && (
        <button type="button" className={styles.primary} disabled={busy || !ready} onClick={pay}>
          {t('split.payPart', {
            position: String(position + 1),
            count: String(parts),
            amount: money(plan?.totalValue ?? amount),
          })}
        </button>
      )}
      {state && (
        <button type="button" className={styles.secondary} disabled={busy} onClick={giveUp}>
          {t('split.giveUp')}
        </button>
      )}
    </section>
  );
}

/** The 'Dividir em mais de um cartão' option (where the cart's multiplePaymentMethod is true). */
export function SplitToggle({ checked, onChange }: { checked: boolean; onChange: () => void }) {
  const { t } = useI18n();
  return (
    <label className={split.toggle}>
      <input type="checkbox" checked={checked} onChange={onChange} />
      {t('split.option')}
    </label>
  );
}

/**
 * A split interrupted by a reload or a closed tab (GET api/PendingMultipleTransaction): the order's
 * summary and the cards still to pay.
 */
export function SplitRestore({
  pending,
  gateway,
}: {
  pending: NonNullable<TPendingMultipleTransaction['result']>;
  gateway: TCheckoutGateway | null;
}) {
  const { t } = useI18n();
  const money = (value: number) => formatMoney(value, pending.cart.currency);
  return (
    <div className={split.restore}>
      <p role="status" className={styles.sandbox}>
        {t('split.restored', { event: pending.event.name })}
      </p>
      <div className={split.parts}>
        <h2 className={split.partTitle}>{t('split.summary')}</h2>
        <ul className={split.lines}>
          {pending.cart.lines.map((line) => (
            <li key={`${line.sectionName}-${line.ticketName}-${line.placeAlias ?? ''}`}>
              <span>
                {line.quantity}× {line.eventName} — {line.sectionName} — {line.ticketName}
                {line.placeAlias ? ` (${line.placeAlias})` : ''}
              </span>
              <span>{money(line.unitPrice * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className={split.rest}>{money(pending.cart.total)}</p>
      </div>
      <SplitPayment
        total={pending.cart.total}
        currency={pending.cart.currency}
        eventId={pending.event.id}
        gateway={gateway}
        restored={pending.split}
      />
    </div>
  );
}

/** The next card to pay was declined: the buyer tries it again with another card. */
function isDeclined(state: TMultiplePayment) {
  const next = state.payments.find((part) => part.position === state.nextPosition);
  return Boolean(next && ['rejected', 'failed'].includes(next.status));
}

/** Each card of the split: amount, masked card, installments and status. */
function PartsList({ state, currency }: { state: TMultiplePayment; currency: string }) {
  const { t } = useI18n();
  const money = (value: number) => formatMoney(value, currency);
  const label = (status: string) => {
    const key = `split.status.${status}` as TMessageKey;
    return t(key) === key ? status : t(key);
  };
  return (
    <div className={split.parts}>
      <h3 className={split.partTitle}>{t('split.parts')}</h3>
      <ol>
        {state.payments.map((part) => (
          <li key={part.position} data-status={part.status} className={split.part}>
            <span className={split.partName}>{t('split.part', { position: String(part.position + 1) })}</span>
            <span>{money(part.value)}</span>
            <span className={split.partCard}>
              {part.card ? `${part.card.brand.toUpperCase()} ${part.card.masked.slice(-9)}` : '—'}
              {part.card && part.installments > 1 ? ` · ${part.installments}x` : ''}
            </span>
            <span className={split.badge} data-status={part.status}>
              {label(part.status)}
            </span>
          </li>
        ))}
      </ol>
      {state.remaining > 0 && (
        <p className={split.rest}>{t('split.remaining', { amount: money(state.remaining) })}</p>
      )}
    </div>
  );
}
