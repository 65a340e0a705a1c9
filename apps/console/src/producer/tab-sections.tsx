import { useI18n } from '../i18n/i18n.tsx';
import { emptyLot, emptySection, emptyTicket, type TLotDoc, type TPath } from './document.ts';
import { Check, DateTimeInput, NumberInput, TextInput, useEditor } from './form.tsx';

type TLotCounter = { section: string; ticket: string; number: number; sold: number; held: number };

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** Up, down and remove for one item of a list in the document. */
function ListControls({
  path,
  index,
  length,
  name,
  removeBlocked,
}: {
  path: TPath;
  index: number;
  length: number;
  name: string;
  removeBlocked?: string;
}) {
  const { t } = useI18n();
  const { doc, set } = useEditor();
  const list = (path.reduce<unknown>((here, step) => (here as Record<string | number, unknown>)[step], doc) ??
    []) as unknown[];
  const reasonId = `${path.join('-')}-${index}-blocked`;
  return (
    <div className="item-controls">
      <button
        type="button"
        className="button-quiet"
        disabled={index === 0}
        onClick={() => set(path, move(list, index, index - 1))}
        aria-label={t('producer.moveUp', { name })}
      >
        ↑
      </button>
      <button
        type="button"
        className="button-quiet"
        disabled={index === length - 1}
        onClick={() => set(path, move(list, index, index + 1))}
        aria-label={t('producer.moveDown', { name })}
      >
        ↓
      </button>
      <button
        type="button"
        className="button-quiet danger"
        disabled={length === 1 || Boolean(removeBlocked)}
        aria-describedby={removeBlocked ? reasonId : undefined}
        onClick={() =>
          set(
            path,
            list.filter((_, i) => i !== index),
          )
        }
      >
        {t('producer.remove', { name })}
      </button>
      {removeBlocked ? (
        <span className="hint" id={reasonId}>
          {removeBlocked}
        </span>
      ) : null}
    </div>
  );
}

/** Setores e ingressos: sections (with their limits), their tickets and each ticket's lots, in turnover order. */
export function SectionsTab({ counters }: { counters: readonly TLotCounter[] }) {
  const { t, money } = useI18n();
  const { doc, set } = useEditor();
  const counted = (section: string, ticket: string, number: number) =>
    counters.find((c) => c.section === section && c.ticket === ticket && c.number === number);
  return (
    <div className="stack">
      <p className="muted">{t('producer.sections.intro')}</p>
      {doc.sections.map((section, s) => {
        const sectionSold = counters.some((c) => c.section === section.name && c.sold + c.held > 0);
        return (
          <fieldset className="card section-card" key={`section-${s}`}>
            <legend>{t('producer.sections.section', { n: s + 1, name: section.name || '…' })}</legend>
            <div className="grid">
              <TextInput
                path={['sections', s, 'name']}
                label={t('producer.sections.name')}
                className="wide"
              />
              <NumberInput
                path={['sections', s, 'minQtd']}
                label={t('producer.sections.min')}
                min={1}
                max={1000}
              />
              <NumberInput
                path={['sections', s, 'maxQtd']}
                label={t('producer.sections.max')}
                min={1}
                max={1000}
              />
            </div>
            <ListControls
              path={['sections']}
              index={s}
              length={doc.sections.length}
              name={section.name || t('producer.sections.section', { n: s + 1, name: '' })}
              removeBlocked={sectionSold ? t('producer.sections.hasSales') : undefined}
            />
            {section.tickets.map((ticket, k) => {
              const base = ['sections', s, 'tickets', k] as const;
              const ticketSold = counters.some(
                (c) => c.section === section.name && c.ticket === ticket.name && c.sold + c.held > 0,
              );
              return (
                <fieldset className="ticket-card" key={`ticket-${s}-${k}`}>
                  <legend>{t('producer.tickets.ticket', { name: ticket.name || '…' })}</legend>
                  <div className="grid">
                    <TextInput path={[...base, 'name']} label={t('producer.tickets.name')} className="wide" />
                    <NumberInput
                      path={[...base, 'ticketsPerCpf']}
                      label={t('producer.tickets.perCpf')}
                      hint={t('producer.tickets.perCpfHint')}
                      optional
                      min={1}
                      max={1000}
                    />
                    <NumberInput
                      path={[...base, 'minQtd']}
                      label={t('producer.tickets.min')}
                      min={1}
                      max={1000}
                    />
                    <TextInput
                      path={[...base, 'onlineNote']}
                      label={t('producer.tickets.note')}
                      hint={t('producer.tickets.noteHint')}
                      className="wide"
                    />
                    <Check
                      path={[...base, 'facialAtMomentOfPurchase']}
                      label={t('producer.tickets.facial')}
                    />
                    <Check path={[...base, 'noInterest']} label={t('producer.tickets.noInterest')} />
                    {doc.halfPrice ? (
                      <Check
                        path={[...base, 'halfPrice']}
                        label={t('producer.tickets.halfPrice')}
                        hint={t('producer.tickets.halfPriceHint')}
                      />
                    ) : null}
                  </div>
                  <ListControls
                    path={['sections', s, 'tickets']}
                    index={k}
                    length={section.tickets.length}
                    name={ticket.name}
                    removeBlocked={ticketSold ? t('producer.sections.hasSales') : undefined}
                  />
                  <ol className="lots">
                    {ticket.lots.map((lot, l) => {
                      const count = counted(section.name, ticket.name, lot.number);
                      const sold = count?.sold ?? 0;
                      const held = count?.held ?? 0;
                      const lotPath = [...base, 'lots', l] as const;
                      return (
                        <li className="lot" key={`lot-${s}-${k}-${l}`}>
                          <fieldset>
                            <legend>
                              {t('producer.lots.lot', { n: lot.number })}
                              <span className="lot-counts">
                                {t('producer.lots.counts', { sold, held, quantity: lot.quantity })}
                              </span>
                            </legend>
                            <div className="grid lot-grid">
                              <NumberInput
                                path={[...lotPath, 'price']}
                                label={t('producer.lots.price', { currency: doc.currency })}
                                step={0.01}
                              />
                              <NumberInput
                                path={[...lotPath, 'convenienceFeePercent']}
                                label={t('producer.lots.fee')}
                                step={0.01}
                                max={100}
                              />
                              <NumberInput
                                path={[...lotPath, 'processingFee']}
                                label={t('producer.lots.processing', { currency: doc.currency })}
                                step={0.01}
                              />
                              <NumberInput
                                path={[...lotPath, 'quantity']}
                                label={t('producer.lots.quantity')}
                                hint={
                                  sold + held
                                    ? t('producer.lots.quantityHint', { n: sold + held })
                                    : undefined
                                }
                              />
                              <DateTimeInput
                                path={[...lotPath, 'salesStartAt']}
                                label={t('producer.lots.start')}
                                optional
                              />
                              <DateTimeInput
                                path={[...lotPath, 'salesEndAt']}
                                label={t('producer.lots.end')}
                                optional
                              />
                              <Check path={[...lotPath, 'disabled']} label={t('producer.lots.disabled')} />
                            </div>
                            <p className="hint">
                              {t('producer.lots.buyerPays', {
                                amount: money(
                                  Math.round(lot.price * 100 * (1 + lot.convenienceFeePercent / 100)),
                                  doc.currency,
                                ),
                              })}
                            </p>
                            <ListControls
                              path={[...base, 'lots']}
                              index={l}
                              length={ticket.lots.length}
                              name={t('producer.lots.lot', { n: lot.number })}
                              removeBlocked={
                                sold + held > 0 ? t('producer.lots.hasSales', { n: sold + held }) : undefined
                              }
                            />
                          </fieldset>
                        </li>
                      );
                    })}
                  </ol>
                  <button
                    type="button"
                    className="button-secondary"
                    onClick={() => {
                      const last = ticket.lots.at(-1) as TLotDoc | undefined;
                      const number = Math.max(0, ...ticket.lots.map((x) => x.number)) + 1;
                      set(
                        [...base, 'lots'],
                        [
                          ...ticket.lots,
                          {
                            ...emptyLot(number, last?.price ?? 0),
                            convenienceFeePercent: last?.convenienceFeePercent ?? 10,
                          },
                        ],
                      );
                    }}
                  >
                    {t('producer.lots.add', { name: ticket.name })}
                  </button>
                </fieldset>
              );
            })}
            <button
              type="button"
              className="button-secondary"
              onClick={() =>
                set(
                  ['sections', s, 'tickets'],
                  [
                    ...section.tickets,
                    emptyTicket(t('producer.tickets.newName', { n: section.tickets.length + 1 })),
                  ],
                )
              }
            >
              {t('producer.tickets.add', { name: section.name })}
            </button>
          </fieldset>
        );
      })}
      <div>
        <button
          type="button"
          className="button"
          onClick={() =>
            set(
              ['sections'],
              [
                ...doc.sections,
                emptySection(
                  t('producer.sections.newName', { n: doc.sections.length + 1 }),
                  t('producer.defaultTicket'),
                ),
              ],
            )
          }
        >
          {t('producer.sections.add')}
        </button>
      </div>
    </div>
  );
}
