import { TICKET_CODE_MODES } from '@ingressos/contracts/gate';
import { HALF_PRICE_CATEGORIES, HALF_PRICE_MIN_QUOTA_PERCENT } from '@ingressos/domain/half-price';
import { useI18n } from '../i18n/i18n.tsx';
import { Check, DateTimeInput, NumberInput, SelectInput, useEditor } from './form.tsx';

/** Fila e vendas: when sales open and the waiting room before them, refund protection, facial checks, cart size, the door's code. */
export function SalesTab() {
  const { t } = useI18n();
  const { doc, set, locale } = useHalfPriceEditor();
  const queueOn = doc.queue?.enabled ?? false;
  // Issue 35: how the event's tickets are shown at the door (the import's `ticketCode`; absent is static).
  const code = doc.ticketCode ?? 'static';
  return (
    <div className="stack">
      <fieldset className="card grid">
        <legend>{t('producer.sales.opening')}</legend>
        <DateTimeInput
          path={['onSaleAt']}
          label={t('producer.sales.onSaleAt')}
          hint={t('producer.sales.onSaleAtHint')}
          optional
        />
        <NumberInput
          path={['maxTicketsPerCart']}
          label={t('producer.sales.maxPerCart')}
          hint={t('producer.sales.maxPerCartHint')}
          optional
          min={1}
          max={1000}
        />
        <Check
          path={['queue', 'enabled']}
          label={t('producer.sales.queue')}
          hint={t('producer.sales.queueHint')}
        />
        {queueOn ? (
          <NumberInput
            path={['queue', 'ratePerMinute']}
            label={t('producer.sales.rate')}
            hint={t('producer.sales.rateHint')}
            optional
            min={1}
            max={100000}
          />
        ) : null}
      </fieldset>
      <fieldset className="card grid">
        <legend>{t('producer.sales.protection')}</legend>
        <Check path={['refundService', 'site', 'active']} label={t('producer.sales.protectionSite')} />
        {doc.refundService?.site?.active ? (
          <NumberInput
            path={['refundService', 'site', 'percent']}
            label={t('producer.sales.percent')}
            step={0.01}
            max={100}
          />
        ) : null}
        <Check
          path={['refundService', 'commissioner', 'active']}
          label={t('producer.sales.protectionCommissioner')}
        />
        {doc.refundService?.commissioner?.active ? (
          <NumberInput
            path={['refundService', 'commissioner', 'percent']}
            label={t('producer.sales.percent')}
            step={0.01}
            max={100}
          />
        ) : null}
      </fieldset>
      <fieldset className="card grid">
        <legend>{t('producer.sales.facial')}</legend>
        <Check
          path={['facial', 'active']}
          label={t('producer.sales.facialActive')}
          hint={t('producer.sales.facialHint')}
        />
        {doc.facial?.active ? (
          <Check path={['facial', 'validation']} label={t('producer.sales.facialValidation')} />
        ) : null}
        <Check path={['sendPixel']} label={t('producer.sales.pixel')} />
      </fieldset>
      <fieldset className="card grid">
        <legend>{t('producer.sales.halfPrice')}</legend>
        <div className="check wide">
          <input
            type="checkbox"
            id="half-price-on"
            checked={Boolean(doc.halfPrice)}
            onChange={(e) => {
              if (e.target.checked) {
                set(['halfPrice'], { quotaPercent: HALF_PRICE_MIN_QUOTA_PERCENT, categories: [] });
                return;
              }
              // Off: no ticket type stays half-price (the import refuses one without the event's rules).
              doc.sections.forEach((section, i) => {
                section.tickets.forEach((ticket, j) => {
                  if (ticket.halfPrice) set(['sections', i, 'tickets', j, 'halfPrice'], false);
                });
              });
              set(['halfPrice'], undefined);
            }}
            aria-describedby="half-price-on-hint"
          />
          <label htmlFor="half-price-on">{t('producer.sales.halfPriceOn')}</label>
          <p className="hint" id="half-price-on-hint">
            {t('producer.sales.halfPriceHint')}
          </p>
        </div>
        {doc.halfPrice ? (
          <>
            <NumberInput
              path={['halfPrice', 'quotaPercent']}
              label={t('producer.sales.halfPriceQuota')}
              hint={t('producer.sales.halfPriceQuotaHint')}
              min={HALF_PRICE_MIN_QUOTA_PERCENT}
              max={100}
            />
            <fieldset className="wide">
              <legend>{t('producer.sales.halfPriceStates')}</legend>
              {HALF_PRICE_CATEGORIES.filter((c) => c.scope === 'state').map((c) => {
                const chosen = doc.halfPrice?.categories ?? [];
                return (
                  <div className="check" key={c.id}>
                    <input
                      type="checkbox"
                      id={`half-price-${c.id}`}
                      checked={chosen.includes(c.id)}
                      onChange={(e) =>
                        set(
                          ['halfPrice', 'categories'],
                          e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id),
                        )
                      }
                    />
                    <label htmlFor={`half-price-${c.id}`}>
                      {c.label[locale]} ({c.law})
                    </label>
                  </div>
                );
              })}
            </fieldset>
          </>
        ) : null}
      </fieldset>
      <fieldset className="card grid">
        <legend>{t('producer.sales.ticketCode')}</legend>
        <SelectInput
          path={['ticketCode']}
          label={t('producer.sales.ticketCodeMode')}
          hint={t(`producer.sales.ticketCodeHint.${code}`)}
          options={TICKET_CODE_MODES.map(
            (mode) => [mode, t(`producer.sales.ticketCodeOption.${mode}`)] as const,
          )}
        />
      </fieldset>
    </div>
  );
}

/** The editor with its language: the categories' names are the domain's, in pt-BR or English. */
function useHalfPriceEditor() {
  const editor = useEditor();
  const { locale } = useI18n();
  return { ...editor, locale: locale === 'en' ? ('en' as const) : ('pt-BR' as const) };
}
