import type { TCart, TCheckoutGateway, TInstallmentOption } from '@ingressos/contracts';
import { isAwaitingPayment } from '@ingressos/domain/order-lifecycle';
import { useEffect, useRef, useState } from 'react';
import { useCardForm } from '~/features/checkout/card-form.ts';
import { readIdentification } from '~/features/checkout/identification-store.ts';
import { formatMoney } from '~/i18n/format.ts';
import { chargeTotal, needsIdentification, paymentOptions, type TMethod } from './payment-options.ts';
import { usePay } from './use-pay.ts';

type TIdentification = NonNullable<ReturnType<typeof readIdentification>>;

/** The tab's identification for this cart, read after hydration (undefined until then). */
function useStoredIdentification(cartId: string) {
  const [stored, setStored] = useState<TIdentification | null | undefined>(undefined);
  useEffect(() => setStored(readIdentification(cartId)), [cartId]);
  return stored;
}

/** /pagamento's state: the way to pay, installments, split, wallet, NF-e, the card form and the calls. */
export function usePaymentForm(
  cart: TCart,
  installments: TInstallmentOption[],
  gateway: TCheckoutGateway | null,
  locale: string,
) {
  const options = paymentOptions(cart, Boolean(gateway?.hostedCheckout));
  const { free } = options;
  const [method, setMethod] = useState<TMethod>(options.firstMethod);
  const [count, setCount] = useState(1);
  // Ways to pay: multi-payment — the order split across several cards (split-payment.tsx).
  const [splitting, setSplitting] = useState(false);
  // Issue 15: the wallet button drawn for a reserved order (hosted-checkout-panel.tsx).
  const [walletOpen, setWalletOpen] = useState(false);
  // Issue 15, NF-e: the document the cart asks for (isNfeMandatory), and whether paying was tried.
  const [nfeDocument, setNfeDocument] = useState('');
  const [nfeTried, setNfeTried] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const plan = installments.find((option) => option.installments === count);
  const charged = chargeTotal(method, plan, cart.totals.total);
  const identification = useStoredIdentification(cart.id);
  const unidentified = identification !== undefined && needsIdentification(cart, identification);
  const onNfeMissing = () => {
    setNfeTried(true);
    document.getElementById('nfe-document')?.focus();
  };
  const calls = usePay({
    cart,
    free,
    method,
    count,
    chargeTotal: charged,
    identification,
    nfeDocument,
    onNfeMissing,
  });
  const { result } = calls;
  // While a payment is pending the form is not on the page; it mounts again if that payment fails.
  const { ready, failure } = useCardForm(
    container,
    !free && method === 'credit_card' && !splitting && !isAwaitingPayment(result?.orderStatus) && !walletOpen,
    locale,
    gateway,
    // The cart's total, not the plan's: choosing installments must not draw the fields again
    // (and clear what the buyer typed); the charge takes the plan's total anyway.
    cart.totals.total,
    cart.currency,
  );
  const total = formatMoney(charged, cart.currency);

  return {
    options,
    method,
    setMethod,
    count,
    setCount,
    splitting,
    setSplitting,
    walletOpen,
    setWalletOpen,
    nfe: { value: nfeDocument, onChange: setNfeDocument, tried: nfeTried },
    container,
    plan,
    identification,
    unidentified,
    calls,
    ready,
    failure,
    total,
  };
}
