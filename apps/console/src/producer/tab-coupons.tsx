import { EXCLUSIVE_EMISSOR_TYPES, isCardEmissor } from '@ingressos/domain/exclusive-access';
import { useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { allLots, fieldId, type TCouponDoc, type TIssuerDoc } from './document.ts';
import { Check, DateTimeInput, NumberInput, TextInput, useEditor } from './form.tsx';

/** Cupons: the event's promotion codes (percent or fixed off, how many, which lots, until when); off, not deleted. */
export function CouponsTab() {
  const { t } = useI18n();
  const { doc, set } = useEditor();
  const coupons = (doc.coupons ?? []) as TCouponDoc[];
  const lots = allLots(doc);
  const add = () =>
    set(
      ['coupons'],
      [...coupons, { code: '', kind: 'percent', percent: 10, quantity: 100, lots: [], active: true }],
    );
  return (
    <div className="stack">
      <p className="muted">{t('producer.coupons.intro')}</p>
      {coupons.length === 0 ? <p className="muted">{t('producer.coupons.none')}</p> : null}
      {coupons.map((coupon, c) => {
        const base = ['coupons', c] as const;
        const kindId = fieldId([...base, 'kind']);
        const refs = coupon.lots ?? [];
        const has = (l: (typeof lots)[number]) =>
          refs.some((r) => r.section === l.section && r.ticket === l.ticket && r.number === l.lot.number);
        return (
          <fieldset className={`card coupon${coupon.active ? '' : ' inactive'}`} key={`coupon-${c}`}>
            <legend>
              {t('producer.coupons.coupon', { code: coupon.code || '…' })}{' '}
              <span className={`badge badge-${coupon.active ? 'ok' : 'muted'}`}>
                {t(coupon.active ? 'producer.coupons.active' : 'producer.coupons.inactive')}
              </span>
            </legend>
            <div className="grid">
              <TextInput
                path={[...base, 'code']}
                label={t('producer.coupons.code')}
                hint={t('producer.coupons.codeHint')}
              />
              <div className="field">
                <label htmlFor={kindId}>{t('producer.coupons.kind')}</label>
                <select
                  id={kindId}
                  value={coupon.kind}
                  onChange={(e) => {
                    const kind = e.target.value as TCouponDoc['kind'];
                    const { percent: _p, amount: _a, ...rest } = coupon;
                    set(
                      [...base],
                      kind === 'percent' ? { ...rest, kind, percent: 10 } : { ...rest, kind, amount: 10 },
                    );
                  }}
                >
                  <option value="percent">{t('producer.coupons.percentKind')}</option>
                  <option value="fixed">{t('producer.coupons.fixedKind')}</option>
                </select>
              </div>
              {coupon.kind === 'percent' ? (
                <NumberInput
                  path={[...base, 'percent']}
                  label={t('producer.coupons.percent')}
                  step={0.01}
                  max={100}
                />
              ) : (
                <NumberInput
                  path={[...base, 'amount']}
                  label={t('producer.coupons.amount', { currency: doc.currency })}
                  step={0.01}
                />
              )}
              <NumberInput path={[...base, 'quantity']} label={t('producer.coupons.quantity')} min={1} />
              <DateTimeInput path={[...base, 'expiresAt']} label={t('producer.coupons.expires')} optional />
              <Check path={[...base, 'active']} label={t('producer.coupons.activeLabel')} />
            </div>
            <fieldset className="lot-picks">
              <legend>{t('producer.coupons.lots')}</legend>
              {lots.map((l) => {
                const id = `coupon-${c}-lot-${l.path.join('-')}`;
                return (
                  <div className="check" key={id}>
                    <input
                      type="checkbox"
                      id={id}
                      checked={has(l)}
                      onChange={(e) =>
                        set(
                          [...base, 'lots'],
                          e.target.checked
                            ? [...refs, { section: l.section, ticket: l.ticket, number: l.lot.number }]
                            : refs.filter(
                                (r) =>
                                  !(
                                    r.section === l.section &&
                                    r.ticket === l.ticket &&
                                    r.number === l.lot.number
                                  ),
                              ),
                        )
                      }
                    />
                    <label htmlFor={id}>
                      {t('producer.lotName', { section: l.section, ticket: l.ticket, n: l.lot.number })}
                    </label>
                  </div>
                );
              })}
              <p className="hint">{t('producer.coupons.lotsHint')}</p>
            </fieldset>
          </fieldset>
        );
      })}
      <div>
        <button type="button" className="button" onClick={add}>
          {t('producer.coupons.add')}
        </button>
      </div>
    </div>
  );
}

const lines = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Acesso exclusivo: issuers with pre-sale access; card issuers by BIN, the others by codes (kept only as hashes). */
export function AccessTab() {
  const { t } = useI18n();
  const { doc, set } = useEditor();
  const issuers = doc.exclusiveAccess as TIssuerDoc[];
  return (
    <div className="stack">
      <p className="muted">{t('producer.access.intro')}</p>
      {issuers.length === 0 ? <p className="muted">{t('producer.access.none')}</p> : null}
      {issuers.map((issuer, i) => (
        <Issuer key={`issuer-${i}`} issuer={issuer} index={i} />
      ))}
      <div>
        <button
          type="button"
          className="button"
          onClick={() =>
            set(
              ['exclusiveAccess'],
              [...issuers, { type: 'genericCode', name: '', binPrefixes: [], codes: [], codeHashes: [] }],
            )
          }
        >
          {t('producer.access.add')}
        </button>
      </div>
    </div>
  );
}

function Issuer({ issuer, index }: { issuer: TIssuerDoc; index: number }) {
  const { t } = useI18n();
  const { doc, set, errors } = useEditor();
  const base = ['exclusiveAccess', index] as const;
  const card = isCardEmissor(issuer.type);
  const stored = issuer.codeHashes?.length ?? 0;
  const [replacing, setReplacing] = useState(stored === 0);
  const [text, setText] = useState((card ? issuer.binPrefixes : issuer.codes).join('\n'));
  const listId = fieldId([...base, card ? 'binPrefixes' : 'codes']);
  const error = errors.get(`exclusiveAccess[${index}].${card ? 'binPrefixes' : 'codes'}`);
  const typeId = fieldId([...base, 'type']);
  return (
    <fieldset className="card">
      <legend>{t('producer.access.issuer', { name: issuer.name || '…' })}</legend>
      <div className="grid">
        <div className="field">
          <label htmlFor={typeId}>{t('producer.access.type')}</label>
          <select
            id={typeId}
            value={issuer.type}
            onChange={(e) => {
              const type = e.target.value as TIssuerDoc['type'];
              set([...base], { ...issuer, type, binPrefixes: [], codes: [], codeHashes: [] });
              setText('');
              setReplacing(true);
            }}
          >
            {EXCLUSIVE_EMISSOR_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`producer.access.type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <TextInput path={[...base, 'name']} label={t('producer.access.name')} />
      </div>
      {!card && stored > 0 ? (
        <p>
          {t('producer.access.stored', { n: stored })}{' '}
          {replacing ? null : (
            <button type="button" className="button-secondary" onClick={() => setReplacing(true)}>
              {t('producer.access.replace')}
            </button>
          )}
        </p>
      ) : null}
      {replacing || card ? (
        <div className="field">
          <label htmlFor={listId}>{t(card ? 'producer.access.bins' : 'producer.access.codes')}</label>
          <textarea
            id={listId}
            rows={5}
            value={text}
            aria-describedby={`${listId}-hint${error ? ` ${listId}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setText(e.target.value);
              const list = lines(e.target.value);
              set(
                [...base],
                card
                  ? { ...issuer, binPrefixes: list }
                  : { ...issuer, codes: list, codeHashes: list.length ? [] : issuer.codeHashes },
              );
            }}
          />
          <p className="hint" id={`${listId}-hint`}>
            {t(
              card
                ? 'producer.access.binsHint'
                : stored
                  ? 'producer.access.replaceHint'
                  : 'producer.access.codesHint',
            )}
          </p>
          {error ? (
            <p className="field-error" id={`${listId}-error`}>
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        className="button-quiet danger"
        onClick={() =>
          set(
            ['exclusiveAccess'],
            doc.exclusiveAccess.filter((_, x) => x !== index),
          )
        }
      >
        {t('producer.remove', { name: issuer.name || t('producer.access.issuer', { name: '' }) })}
      </button>
    </fieldset>
  );
}
