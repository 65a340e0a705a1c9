import type { TCart, TCartItem } from '@ingressos/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { pushAnalytics, sendPixel, usePageTracking } from '~/shared/tracking.ts';
import { cartLineItem, itemsValue, mergeItems, pixelContents } from '~/shared/tracking-items.ts';
import look from '~/ui/checkout-frame.module.css';
import { CheckoutSteps, CheckoutTimer, EventFacts } from '~/ui/checkout-frame.tsx';
import { ConversionNote } from '~/ui/conversion-note.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import { toast } from '~/ui/toast-store.ts';
import { setCart, syncCart } from './cart-actions.ts';
import styles from './cart-page.module.css';
import { useCartState } from './cart-store.ts';
import { CouponForm } from './coupon-form.tsx';
import { ProtectionChoice } from './protection-choice.tsx';
import { TableSeats } from './table-seats.tsx';

/** The cart as the server read it; `known` is false when it could not (an expired cart: the browser reactivates it). */
export type TServerCart = { known: boolean; cart: TCart | null };

/**
 * Spec §2 /carrinho: items, totals, the refund-protection choice, a coupon, continue to payment.
 * Until the browser's cart store has read the cart, the server's reading is shown (same HTML on
 * both sides, so hydration matches and nothing moves).
 */
export function CartPage({ initial }: { initial: TServerCart }) {
  const { t } = useI18n();
  const store = useCartState();
  useEffect(() => {
    if (!store.loaded) void syncCart();
  }, [store.loaded]);
  const loaded = store.loaded || initial.known;
  const cart = store.loaded ? store.cart : initial.cart;
  return (
    <article className={look.page}>
      <CheckoutSteps current="cart" />
      <div className={look.head}>
        <h1>{t('cart.title')}</h1>
        {cart && <CheckoutTimer cartId={cart.id} exp={cart.exp} />}
      </div>
      {!loaded ? (
        <p role="status">{t('cart.loading')}</p>
      ) : cart ? (
        <CartContent cart={cart} />
      ) : (
        <p>
          {t('cart.empty')} <Link to="/">{t('cart.seeEvents')}</Link>
        </p>
      )}
    </article>
  );
}

function CartContent({ cart }: { cart: TCart }) {
  const { t } = useI18n();
  const { price: shown } = useMoney();
  const navigate = useNavigate();
  const [missingProtection, setMissingProtection] = useState(false);
  const protectionRef = useRef<HTMLFieldSetElement>(null);
  const protectionSaving = useRef<Promise<boolean> | null>(null);
  const slug = cart.items[0]?.slug ?? '';
  const incomplete = cart.incompleteTables.length > 0;
  usePageTracking(({ analytics }) => {
    if (analytics)
      pushAnalytics('view_cart', {
        currency: cart.currency,
        value: cart.totals.total,
        items: mergeItems(cart.items.map((item) => cartLineItem(item, item.quantity))),
      });
  }, cart.id);

  const onContinue = async () => {
    if (incomplete) {
      navigate(`/eventmap/${slug}`);
      return;
    }
    // A choice still saving counts once saved (the radios stay usable while it saves).
    const chosenWhileSaving = protectionSaving.current ? await protectionSaving.current : false;
    if (cart.refund.IsActive && !cart.protection && !chosenWhileSaving) {
      setMissingProtection(true);
      toast.error(t('cart.protectionRequired'));
      protectionRef.current?.focus();
      return;
    }
    // Holders' CPFs and transfers first (§5 "Identification"); /identificacao continues to payment.
    const items = mergeItems(cart.items.map((item) => cartLineItem(item, item.quantity)));
    pushAnalytics('begin_checkout', { currency: cart.currency, value: cart.totals.total, items });
    if (cart.eventId)
      sendPixel(cart.eventId, 'InitiateCheckout', {
        value: cart.totals.total,
        contents: pixelContents(items),
      });
    navigate('/identificacao');
  };

  return (
    <div className={styles.layout}>
      <div>
        <section aria-labelledby="cart-items">
          <h2 id="cart-items">{t('cart.items')}</h2>
          <ul className={styles.items}>
            {cart.items.map((item) => (
              <CartLine key={item.lineId} item={item} currency={cart.currency} />
            ))}
          </ul>
        </section>
        {incomplete && (
          <p className={styles.warning} role="alert">
            {t('cart.incomplete')} <Link to={`/eventmap/${slug}`}>{t('cart.completeTables')}</Link>
          </p>
        )}
        {cart.refund.IsActive && (
          <ProtectionChoice
            ref={protectionRef}
            cart={cart}
            missing={missingProtection && !cart.protection}
            onChosen={() => setMissingProtection(false)}
            saving={protectionSaving}
          />
        )}
        <CouponForm cart={cart} />
      </div>
      <aside className={styles.totalsBox} aria-labelledby="cart-totals">
        <h2 id="cart-totals">{t('cart.summary')}</h2>
        {cart.items[0] && <EventFacts item={cart.items[0]} />}
        <dl className={styles.totals}>
          <dt>{t('cart.subtotal')}</dt>
          <dd>{shown(cart.totals.subtotal, cart.currency)}</dd>
          <dt>{t('cart.convenienceFee')}</dt>
          <dd>{shown(cart.totals.convenienceFee, cart.currency)}</dd>
          {cart.totals.processingFee > 0 && (
            <>
              <dt>{t('cart.processingFee')}</dt>
              <dd>{shown(cart.totals.processingFee, cart.currency)}</dd>
            </>
          )}
          {cart.refund.IsActive && (
            <>
              <dt>{t('cart.protection')}</dt>
              <dd>{shown(cart.totals.protection, cart.currency)}</dd>
            </>
          )}
          {cart.totals.discount > 0 && (
            <>
              <dt>{t('cart.discount')}</dt>
              <dd>− {shown(cart.totals.discount, cart.currency)}</dd>
            </>
          )}
          <dt className={styles.grand}>{t('cart.total')}</dt>
          <dd className={styles.grand}>{shown(cart.totals.total, cart.currency)}</dd>
        </dl>
        <ConversionNote charged={cart.currency} total={cart.totals.total} />
        <button type="button" className={`${look.primary} ${look.wide}`} onClick={onContinue}>
          {incomplete ? t('cart.completeTables') : t('cart.continue')}
        </button>
      </aside>
    </div>
  );
}

function CartLine({ item, currency }: { item: TCartItem; currency: TCart['currency'] }) {
  const { t } = useI18n();
  const { price: shown } = useMoney();
  const [busy, setBusy] = useState(false);
  const at = item.coordinates;
  const table = at?.SeatsTable ? t('cart.table', { table: at.tableNumber ?? at.alias }) : '';
  const place = !at
    ? ''
    : at.SeatsTable
      ? ` · ${table}`
      : ` · ${t('cart.seat', { row: at.row ?? '-', seat: at.alias })}`;
  const name = `${item.sectionName} — ${item.ticketName}${place}`;
  // Issue 31: an open table (not sold whole) takes and gives back seats one at a time.
  const openTable = Boolean(at?.SeatsTable && !item.bookAsAWhole);
  return (
    <li className={styles.item}>
      <div>
        <p className={styles.itemName}>{name}</p>
        <p className={styles.muted}>
          {!openTable && <>{t('cart.quantity', { count: item.quantity })} · </>}
          {item.promoTicket ? (
            <>
              <s>{shown(item.value, currency)}</s>{' '}
              {t('cart.unitPrice', { value: shown(item.valuePromo, currency) })}
            </>
          ) : (
            t('cart.unitPrice', { value: shown(item.value, currency) })
          )}
        </p>
        {item.promoTicket && item.promoCode && (
          <p className={styles.promo}>
            {t('cart.couponOnItem', { code: item.promoCode, count: item.quantity })}
          </p>
        )}
      </div>
      <p className={styles.lineTotal}>
        {shown((item.promoTicket ? item.valuePromo : item.value) * item.quantity, currency)}
      </p>
      <button
        type="button"
        className={styles.remove}
        disabled={busy}
        aria-label={t('cart.remove', { item: name })}
        onClick={async () => {
          setBusy(true);
          // A seat or table leaves whole; tickets leave by the units of this line (a split line keeps its other part).
          const result = await api('removeFromCart', {
            body: item.coordinates
              ? { lotId: item.lotId, controlledPlaceId: item.coordinates.controlledPlaceId }
              : { lotId: item.lotId, quantity: item.quantity },
          });
          setBusy(false);
          // Spec §4: a removal answered with an HTTP error status shows 'Carrinho expirado'.
          if (!result.ok) toast.error(t('cart.expired'));
          else {
            setCart(result.body.cart);
            const items = [cartLineItem(item, item.quantity)];
            pushAnalytics('remove_from_cart', { currency, value: itemsValue(items), items });
          }
        }}
      >
        ×
      </button>
      {openTable && <TableSeats item={item} table={table} currency={currency} />}
    </li>
  );
}
