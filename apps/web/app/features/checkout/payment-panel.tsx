import type { TCart, TCheckoutGateway } from '@ingressos/contracts';
import { Link } from 'react-router';
import { HostedCheckoutPanel } from '~/features/checkout/hosted-checkout-panel.tsx';
import { NfeDocumentField } from '~/features/checkout/nfe-document-field.tsx';
import { Declined, Processing } from '~/features/checkout/payment-states.tsx';
import { SplitToggle } from '~/features/checkout/split-payment.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import type { readIdentification } from './identification-store.ts';
import styles from './payment.module.css';
import { PaymentMethods } from './payment-methods.tsx';
import type { paymentOptions, TMethod } from './payment-options.ts';

type TProps = ReturnType<typeof paymentOptions> & {
  cart: TCart;
  gateway: TCheckoutGateway | null;
  method: TMethod;
  setMethod: (method: TMethod) => void;
  /** The card panel (the gateway's fields and the installments), shown when paying by card. */
  card: React.ReactNode;
  ready: boolean;
  total: string;
  identification: ReturnType<typeof readIdentification> | undefined;
  unidentified: boolean;
  nfe: { value: string; onChange: (value: string) => void; tried: boolean };
  calls: {
    busy: boolean;
    message: string;
    /** Issue 36: the refusal is a holder's half-price claim: the message links back to the identification. */
    fixHolders?: boolean;
    declined: string;
    pay: () => void;
  };
  walletOpen: boolean;
  onWallet: (open: boolean) => void;
  onSplit: () => void;
};

/** /pagamento's form: the ways to pay, the NF-e document, the split option, 'Pagar' and the wallet. */
export function PaymentPanel(p: TProps) {
  const { cart, free, unsellable, calls } = p;
  return (
    <>
      {/* While the wallet button is drawn the order is reserved for it: only it shows (issue 15). */}
      {!p.walletOpen && <PaymentChoices {...p} />}
      {/* Ways to pay (issue 15): the wallet (yellow) button and the gateway's hosted page. */}
      {!free && !unsellable && (
        <HostedCheckoutPanel
          cart={cart}
          gateway={p.gateway}
          identification={p.identification}
          disabled={calls.busy || p.identification === undefined || p.unidentified}
          onWallet={p.onWallet}
        />
      )}
    </>
  );
}

function PaymentChoices(p: TProps) {
  const { t } = useI18n();
  const { cart, free, unsellable, method, calls } = p;
  return (
    <>
      {calls.declined && <Declined message={calls.declined} />}
      {unsellable ? (
        <p role="alert" className={styles.sandbox}>
          {t('checkout.salesUnavailable')}
        </p>
      ) : free ? (
        <p role="note" className={styles.sandbox}>
          {t('checkout.freeHint')}
        </p>
      ) : p.pageOnly ? null : (
        <PaymentMethods
          cart={cart}
          method={method}
          setMethod={p.setMethod}
          pixOffered={p.pixOffered}
          card={p.card}
        />
      )}
      {cart.isNfeMandatory && !free && !unsellable && (
        <NfeDocumentField value={p.nfe.value} onChange={p.nfe.onChange} showError={p.nfe.tried} />
      )}
      {!free && !unsellable && cart.multiplePaymentMethod && method === 'credit_card' && (
        <SplitToggle checked={false} onChange={p.onSplit} />
      )}
      {p.unidentified && (
        <p role="alert" className={styles.sandbox}>
          {t(free ? 'checkout.identifyFirstFree' : 'checkout.identifyFirst')}{' '}
          <Link to="/identificacao">{t('checkout.identifyLink')}</Link>
        </p>
      )}
      {calls.message && (
        <p role="alert" className={styles.error}>
          {calls.message}
          {calls.fixHolders && (
            <>
              {' '}
              <Link to="/identificacao">{t('checkout.identifyLink')}</Link>
            </>
          )}
        </p>
      )}
      {calls.busy && <Processing />}
      {!p.pageOnly && <PayButton {...p} />}
    </>
  );
}

function PayButton({ free, unsellable, method, ready, total, identification, unidentified, calls }: TProps) {
  const { t } = useI18n();
  return (
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
      aria-disabled={calls.busy || undefined}
      onClick={calls.busy ? undefined : calls.pay}
    >
      {calls.busy
        ? t('checkout.paying')
        : free
          ? t('checkout.confirmFree')
          : method === 'pix'
            ? t('checkout.createPix', { total })
            : t('checkout.pay', { total })}
    </button>
  );
}
