import { holderOfCpf, type TCart, type TCpfCheck, type THolder } from '@ingressos/contracts';
import { cpfsNeeded } from '@ingressos/domain/cart';
import { cpfDigits, maskCpf } from '@ingressos/domain/cpf';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BiometryHolders } from '~/features/checkout/biometry-holders.tsx';
import { CpfField } from '~/features/checkout/cpf-field.tsx';
import { HalfPriceFields, type THalfPriceItem } from '~/features/checkout/half-price-fields.tsx';
import { saveIdentification } from '~/features/checkout/identification-store.ts';
import {
  TransferFields,
  type TTransferDraft,
  transferProblem,
} from '~/features/checkout/transfer-fields.tsx';
import { useHalfPrice } from '~/features/checkout/use-half-price.ts';
import { plural } from '~/i18n/plural.ts';
import { api } from '~/shared/api-client.ts';
import look from '~/ui/checkout-frame.module.css';
import { CheckoutLayout, placeOf } from '~/ui/checkout-frame.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import styles from '~/ui/panels.module.css';
import halfLook from './half-price.module.css';

/** A holder as typed, its CPF reduced to digits. */
const typed = (holder: THolder): THolder => ({ ...holder, document: cpfDigits(holder.document) });
const isFacial = (item: TCart['items'][number]) =>
  Boolean(item.facialIsActive && item.facialAtMomentOfPurchase);

const halfId = (index: number, unit: number) => `half-${index}-${unit}`;

export function IdentificationForm({
  cart,
  buyerCpf,
  halfPrice = {},
  today = '',
}: {
  cart: TCart;
  buyerCpf: string;
  /** Issue 36: the half-price items (by cart position): the event's categories and day. */
  halfPrice?: Record<number, THalfPriceItem>;
  /** YYYY-MM-DD in Brazil, for a document's validity and a birth date. */
  today?: string;
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const needs = cart.items.map(cpfsNeeded);
  // Per cart item, one holder per unit as typed (the form's fields edit them).
  const [values, setValues] = useState<THolder[][]>(() =>
    needs.map((n) => Array.from({ length: n }, () => holderOfCpf(''))),
  );
  const [checks, setChecks] = useState<Record<number, TCpfCheck[]>>({});
  const [checking, setChecking] = useState<Record<number, boolean>>({});
  const [message, setMessage] = useState('');
  const [transfers, setTransfers] = useState<TTransferDraft[]>([]);
  const [biometryReady, setBiometryReady] = useState(true);
  const onBiometryReady = useCallback((ready: boolean) => setBiometryReady(ready), []);
  const half = useHalfPrice(
    cart.items.map((item) => item.quantity),
    halfPrice,
    today,
    halfId,
  );
  const nextKey = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  // Items grouped by ticket type: the per-CPF limit counts across them.
  const groups = useMemo(() => {
    const map = new Map<number, number[]>();
    cart.items.forEach((item, index) => {
      if (needs[index]) map.set(item.ticketId, [...(map.get(item.ticketId) ?? []), index]);
    });
    return map;
  }, [cart.items, needs]);

  useEffect(
    () => () => {
      for (const timer of timers.current.values()) clearTimeout(timer);
    },
    [],
  );

  const schedule = (ticketId: number, next: THolder[][]) => {
    const indexes = groups.get(ticketId) ?? [];
    const cpfs = indexes
      .flatMap((i) => next[i]!.map((holder) => cpfDigits(holder.document)))
      .filter((cpf) => cpf.length === 11);
    clearTimeout(timers.current.get(ticketId));
    if (cpfs.length === 0) return;
    setChecking((c) => ({ ...c, [ticketId]: true }));
    timers.current.set(
      ticketId,
      setTimeout(async () => {
        const answer = await api('checkTicketsPerCpf', {
          body: { ticketId, eventId: cart.items[indexes[0]!]!.eventId, cpfs },
        });
        setChecking((c) => ({ ...c, [ticketId]: false }));
        if (answer.ok) {
          setChecks((c) => ({ ...c, [ticketId]: answer.body.cpfs }));
          setMessage(answer.body.ok ? '' : answer.body.message);
        }
      }, 500),
    );
  };

  const checkFor = (ticketId: number, itemIndex: number, unit: number): TCpfCheck | undefined => {
    const indexes = groups.get(ticketId) ?? [];
    const cpf = cpfDigits(values[itemIndex]![unit]!.document);
    let position = 0;
    for (const i of indexes) {
      for (const [u, holder] of values[i]!.entries()) {
        if (cpfDigits(holder.document).length !== 11) continue;
        if (i === itemIndex && u === unit) {
          const found = checks[ticketId]?.[position];
          return found?.cpf === cpf ? found : undefined;
        }
        position += 1;
      }
    }
    return undefined;
  };

  const allChecked = [...groups.entries()].every(([ticketId, indexes]) => {
    const all = indexes.flatMap((i) => values[i]!.map((holder) => cpfDigits(holder.document)));
    const list = checks[ticketId];
    return (
      !checking[ticketId] &&
      all.every((cpf) => cpf.length === 11) &&
      list?.length === all.length &&
      list.every((c, k) => c.cpf === all[k] && c.valid && !c.repeated && !c.online)
    );
  });

  const typedTransfers = transfers.filter((draft) => draft.cpf !== '');
  const transfersOk = typedTransfers.every((draft) => !transferProblem(draft, typedTransfers, buyerCpf));

  const setHolder = (index: number, unit: number, patch: Partial<THolder>) => {
    const copy = values.map((row) => [...row]);
    copy[index]![unit] = { ...copy[index]![unit]!, ...patch };
    setValues(copy);
    if (patch.document !== undefined) schedule(cart.items[index]!.ticketId, copy);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!half.check()) return;
    if (!allChecked || !transfersOk || !biometryReady) return;
    saveIdentification({
      cartId: cart.id,
      entries: values
        .map((row, indexItem) => ({ indexItem, holders: row.map(typed) }))
        .filter((e) => e.holders.length),
      transfers: typedTransfers.map((draft) => ({
        indexItem: draft.indexItem,
        destinationCpf: cpfDigits(draft.cpf),
      })),
      halfPrice: half.stored(),
    });
    navigate('/pagamento');
  };

  const facialItem = cart.items.find(isFacial);
  // The summary beside the form names the holders as their CPFs are completed.
  const holders = Object.fromEntries(
    values.map((row, index) => [index, row.map(typed).filter((holder) => holder.document.length === 11)]),
  );
  // The facial items' holders, each once.
  const facialHolders = [
    ...new Map(
      cart.items
        .flatMap((item, i) => (isFacial(item) ? values[i]!.map(typed) : []))
        .map((h) => [h.document, h]),
    ).values(),
  ];
  return (
    <CheckoutLayout title={t('page.identification')} step="identification" cart={cart} holders={holders}>
      <form onSubmit={submit} className={styles.section} aria-label={t('page.identification')}>
        <p className={look.muted}>
          {groups.size ? t('checkout.identifyHint') : t('checkout.noIdentification')}{' '}
          {t('checkout.transferHint')}
        </p>
        {cart.items.map((item, index) => (
          <fieldset key={item.lineId} className={`${styles.item} ${look.unit}`}>
            <legend className={look.unitName}>
              {item.sectionName} — {item.ticketName}
              {placeOf(item, t) ? ` · ${placeOf(item, t)}` : ''} · {item.quantity}×
            </legend>
            {item.ticketByCpf !== null && item.ticketByCpf > 0 && (
              <p className={look.limit}>{plural(t, locale, 'checkoutUi.limit', item.ticketByCpf)}</p>
            )}
            {Array.from(
              { length: Math.max(values[index]!.length, half.drafts[index]!.length) },
              (_, unit) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: units are positions
                <div key={unit} className={halfLook.unit}>
                  {values[index]![unit] && (
                    <CpfField
                      id={`cpf-${index}-${unit}`}
                      label={t('checkout.cpfLabel', { n: unit + 1 })}
                      value={values[index]![unit]!.document}
                      check={checkFor(item.ticketId, index, unit)}
                      checking={Boolean(checking[item.ticketId])}
                      onChange={(next) => setHolder(index, unit, { document: next })}
                    />
                  )}
                  {half.drafts[index]![unit] && (
                    <HalfPriceFields
                      id={halfId(index, unit)}
                      n={unit + 1}
                      item={halfPrice[index]!}
                      draft={half.drafts[index]![unit]!}
                      shown={half.shown[`${index}-${unit}`] ?? {}}
                      today={today}
                      onChange={(patch) => half.change(index, unit, patch)}
                      onLeave={(field) => half.leave(index, unit, field)}
                    />
                  )}
                </div>
              ),
            )}
            {buyerCpf && values[index]!.some((holder) => holder.document === '') && (
              <button
                type="button"
                className={look.secondary}
                onClick={() =>
                  setHolder(
                    index,
                    values[index]!.findIndex((holder) => holder.document === ''),
                    {
                      document: maskCpf(buyerCpf),
                    },
                  )
                }
              >
                {t('checkout.useMyCpf')}
              </button>
            )}
            <TransferFields
              indexItem={index}
              quantity={item.quantity}
              drafts={transfers.filter((draft) => draft.indexItem === index)}
              all={typedTransfers}
              buyerCpf={buyerCpf}
              onAdd={() => {
                nextKey.current += 1;
                setTransfers([...transfers, { key: nextKey.current, indexItem: index, cpf: '' }]);
              }}
              onChange={(key, cpf) =>
                setTransfers(transfers.map((draft) => (draft.key === key ? { ...draft, cpf } : draft)))
              }
              onRemove={(key) => setTransfers(transfers.filter((draft) => draft.key !== key))}
            />
          </fieldset>
        ))}
        {facialItem && allChecked && (
          <BiometryHolders
            eventId={facialItem.eventId}
            identified={facialHolders}
            onReady={onBiometryReady}
          />
        )}
        {!half.companions && (
          <p role="alert" className={styles.error}>
            {t('halfPrice.error.companions')}
          </p>
        )}
        {message && (
          <p role="alert" className={styles.error}>
            {message}
          </p>
        )}
        <button
          type="submit"
          className={`${look.primary} ${look.wide}`}
          disabled={!allChecked || !transfersOk || (Boolean(facialItem) && !biometryReady)}
        >
          {t('checkout.continue')}
        </button>
      </form>
    </CheckoutLayout>
  );
}
