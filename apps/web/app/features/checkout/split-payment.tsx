import type { TCheckoutGateway, TMultiplePayment } from '@ingressos/contracts';
import { type RefObject, useRef } from 'react';
import { useCardForm } from '~/features/checkout/card-form.ts';
import type { readIdentification } from '~/features/checkout/identification-store.ts';
import { Declined, Processing } from '~/features/checkout/payment-states.tsx';
import { formatMoney } from '~/i18n/format.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './payment.module.css';
import { SplitAmounts } from './split-amounts.tsx';
import { SplitCard } from './split-card.tsx';
import { PartsList } from './split-parts.tsx';
import split from './split-payment.module.css';
import { isDeclined } from './split-plan.ts';
import { useSplitPay } from './use-split-pay.ts';
import { useSplitPlan } from './use-split-plan.ts';

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
  identification?: ReturnType<typeof readIdentification> | undefined;
  restored?: TMultiplePayment | null | undefined;
  /** Back to one card (only before the first card is paid). */
  onCancel?: (() => void) | undefined;
}) {
  const { t, locale } = useI18n();
  const p = useSplitPlan(total, currency, eventId, restored);
  const container = useRef<HTMLDivElement>(null);
  const { position, amount, invalid } = p;
  const { ready, failure } = useCardForm(
    container,
    position !== null && !invalid,
    locale,
    gateway,
    // The share, not the plan's total: choosing installments must not draw the fields again.
    amount,
    currency,
  );
  const calls = useSplitPay({ ...p, total, identification });

  return (
    <section className={split.split} aria-label={t('split.title')}>
      <h2 className={split.title}>{t('split.title')}</h2>
      {!p.state && (
        <SplitAmounts
          total={total}
          currency={currency}
          count={p.count}
          inputs={p.inputs}
          rest={p.rest}
          invalid={invalid}
          onCount={p.choose}
          onInput={(i, value) => p.setInputs((old) => old.map((each, j) => (j === i ? value : each)))}
          toggle={onCancel && <SplitToggle checked onChange={onCancel} />}
        />
      )}

      {p.state && (
        <SplitProgress
          state={p.state}
          currency={currency}
          declined={calls.declined}
          onRefresh={calls.refresh}
        />
      )}
      {!p.state && calls.declined && <Declined message={calls.declined} />}

      <SplitPayStep
        p={p}
        calls={calls}
        currency={currency}
        gateway={gateway}
        container={container}
        ready={ready}
        failure={failure}
      />
      {p.state && (
        <button type="button" className={styles.secondary} disabled={calls.busy} onClick={calls.giveUp}>
          {t('split.giveUp')}
        </button>
      )}
    </section>
  );
}

/** The card to pay now (its fields and installments), what went wrong, and the button that pays it. */
function SplitPayStep({
  p,
  calls,
  currency,
  gateway,
  container,
  ready,
  failure,
}: {
  p: ReturnType<typeof useSplitPlan>;
  calls: ReturnType<typeof useSplitPay>;
  currency: string;
  gateway: TCheckoutGateway | null;
  container: RefObject<HTMLDivElement | null>;
  ready: boolean;
  failure: string;
}) {
  const { t } = useI18n();
  const { position, amount } = p;
  const shown = position !== null && !p.invalid;
  return (
    <>
      {shown && (
        <SplitCard
          position={position}
          amount={amount}
          currency={currency}
          gateway={gateway}
          container={container}
          ready={ready}
          failure={failure}
          plans={p.plans}
          installments={p.installments}
          onInstallments={p.chooseInstallments}
        />
      )}
      {calls.message && (
        <p role="alert" className={styles.error}>
          {calls.message}
        </p>
      )}
      {calls.busy && <Processing />}
      {shown && (
        <button type="button" className={styles.primary} disabled={calls.busy || !ready} onClick={calls.pay}>
          {t('split.payPart', {
            position: String(position + 1),
            count: String(p.parts),
            amount: formatMoney(p.plan?.totalValue ?? amount, currency),
          })}
        </button>
      )}
    </>
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

/** The parts so far, a declined card's retry hint, and a part still being answered. */
function SplitProgress({
  state,
  currency,
  declined,
  onRefresh,
}: {
  state: TMultiplePayment;
  currency: string;
  declined: string;
  onRefresh: () => void;
}) {
  const { t } = useI18n();
  const position = state.nextPosition;
  return (
    <>
      <PartsList state={state} currency={currency} />
      {declined && <Declined message={declined} />}
      {position !== null && isDeclined(state) && (
        <p className={split.intro}>{t('split.retryHint', { position: String(position + 1) })}</p>
      )}
      {position === null && state.remaining > 0 && (
        <p role="status" className={styles.sandbox}>
          {t('split.inFlight')}{' '}
          <button type="button" className={styles.secondary} onClick={onRefresh}>
            {t('split.refresh')}
          </button>
        </p>
      )}
    </>
  );
}
