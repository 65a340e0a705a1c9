import type { TCart, TCheckoutGateway, TInstallmentOption } from '@ingressos/contracts';
import { isAwaitingPayment } from '@ingressos/domain/order-lifecycle';
import { CardPanel } from '~/features/checkout/card-panel.tsx';
import { Approved } from '~/features/checkout/payment-states.tsx';
import { PendingPayment } from '~/features/checkout/pending-payment.tsx';
import { SplitPayment } from '~/features/checkout/split-payment.tsx';
import { CheckoutLayout } from '~/ui/checkout-frame.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { holdersByItem } from './payment-options.ts';
import { PaymentPanel } from './payment-panel.tsx';
import { usePaymentForm } from './use-payment-form.ts';

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
  const f = usePaymentForm(cart, installments, gateway, locale);
  const { free } = f.options;
  const { result } = f.calls;

  const frame = (children: React.ReactNode, timer = true) => (
    <CheckoutLayout
      title={t('page.payment')}
      step="payment"
      cart={cart}
      holders={holdersByItem(f.identification)}
      plan={!free && f.method === 'credit_card' && f.count > 1 ? f.plan : undefined}
      timer={timer}
    >
      {children}
    </CheckoutLayout>
  );

  if (result?.transactionStatus === 'success') return frame(<Approved />, false);
  // A pending Pix or a card under review: followed until it settles.
  if (result && isAwaitingPayment(result.orderStatus))
    return frame(<PendingPayment answer={result} onSettled={f.calls.finish} amount={f.total} fresh />, false);

  // Ways to pay: multi-payment.
  if (f.splitting && !free && f.method === 'credit_card')
    return frame(
      <SplitPayment
        total={cart.totals.total}
        currency={cart.currency}
        eventId={cart.eventId ?? cart.items[0]?.eventId ?? null}
        gateway={gateway}
        identification={f.identification}
        onCancel={() => f.setSplitting(false)}
      />,
    );

  return frame(
    <PaymentPanel
      {...f.options}
      cart={cart}
      gateway={gateway}
      method={f.method}
      setMethod={f.setMethod}
      card={
        <CardPanel
          container={f.container}
          ready={f.ready}
          failure={f.failure}
          gateway={gateway}
          cart={cart}
          installments={installments}
          count={f.count}
          setCount={f.setCount}
        />
      }
      ready={f.ready}
      total={f.total}
      identification={f.identification}
      unidentified={f.unidentified}
      nfe={f.nfe}
      calls={f.calls}
      walletOpen={f.walletOpen}
      onWallet={f.setWalletOpen}
      onSplit={() => f.setSplitting(true)}
    />,
  );
}
