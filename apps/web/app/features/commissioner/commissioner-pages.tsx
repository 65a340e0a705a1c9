import type { TCommissionerSalesResponse, TEventTicketsResponse } from '@ingressos/contracts';
import { formatMoney } from '@ingressos/domain/money';
import { isPaid } from '@ingressos/domain/order-lifecycle';
import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import { ShieldIcon } from '~/ui/icons-later.tsx';
import styles from './commissioner.module.css';

/** A sales table's column heading; `num` aligns a column of numbers to the right. */
function Column({ num = false, children }: { num?: boolean; children: ReactNode }) {
  return (
    <th scope="col" className={num ? styles.num : undefined}>
      {children}
    </th>
  );
}

function useBrand(): string {
  return useRouteLoaderData<{ site: { brandName: string } }>('root')?.site.brandName ?? '';
}

/** commerce §6: no commissioner loaded. */
export function CommissionerNotFound() {
  const { t } = useI18n();
  return (
    <section className={styles.notFound} aria-labelledby="commissioner-not-found">
      <h1 id="commissioner-not-found">{t('commissioner.notFound')}</h1>
      <p>{t('commissioner.notFoundHelp')}</p>
    </section>
  );
}

/** The commissioner's landing page (commerce §2): who sells, that it is authorised, and its events. */
export function CommissionerLanding({
  name,
  count,
  children,
}: {
  name: string;
  count: number;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const brand = useBrand();
  return (
    <>
      <section className={styles.landingHero}>
        <h1>{t('commissioner.landingTitle', { name })}</h1>
        <p className={styles.badgeLine}>
          <ShieldIcon /> {t('commissioner.authorised', { brand })}
        </p>
        <p>{t('commissioner.landingLead', { brand })}</p>
      </section>
      {count > 0 ? children : <p>{t('commissioner.noEvents')}</p>}
    </>
  );
}

/** /Home/Website/:Id: one event's tickets as the commissioner sells them, with the way to buy. */
export function CommissionerEventTickets({ event }: { event: TEventTicketsResponse }) {
  const { t } = useI18n();
  return (
    <section className={styles.landingHero} aria-labelledby="commissioner-event">
      <h1 id="commissioner-event">{t('commissioner.eventTickets', { name: event.name })}</h1>
      <p>
        {event.place} — {event.city}/{event.state}
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <Column>{t('commissioner.ticket')}</Column>
              <Column num>{t('commissioner.price')}</Column>
              <Column>{t('commissioner.availability')}</Column>
            </tr>
          </thead>
          <tbody>
            {event.sections.flatMap((section) =>
              section.tickets.map((ticket) => (
                <tr key={`${section.name}-${ticket.id}`}>
                  <td>
                    {section.name} — {ticket.ticketName}
                  </td>
                  <td className={styles.num}>
                    {formatMoney(ticket.value, event.currency === 1 ? 'USD' : 'BRL')}
                  </td>
                  <td>{ticket.available > 0 ? t('commissioner.available') : t('commissioner.soldOut')}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <Link className={styles.download} to={`/events/${event.slug}`}>
        {t('commissioner.buy')}
      </Link>
    </section>
  );
}

/** The commissioner's own sales view (beyond the spec): totals, per event, per order, and the CSV. */
export function CommissionerSales({
  sales,
  csvHref,
}: {
  sales: TCommissionerSalesResponse;
  csvHref: string;
}) {
  const { t, locale } = useI18n();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'America/Sao_Paulo',
    }).format(new Date(iso));
  const money = (value: number, currency: string) => formatMoney(value, currency === 'USD' ? 'USD' : 'BRL');
  const sum = (pick: (e: TCommissionerSalesResponse['events'][number]) => number) =>
    sales.events.reduce((total, e) => total + pick(e), 0);
  const currency = sales.events[0]?.currency ?? 'BRL';
  return (
    <section className={styles.landingHero} aria-labelledby="sales-title">
      <h1 id="sales-title">{t('commissioner.sales.title', { name: sales.commissioner.name })}</h1>
      <p>{t('commissioner.sales.lead', { date: when(sales.expiresAt) })}</p>
      <dl className={styles.summary}>
        <div>
          <dt>{t('commissioner.sales.orders')}</dt>
          <dd data-testid="sales-orders">{sum((e) => e.orders)}</dd>
        </div>
        <div>
          <dt>{t('commissioner.sales.tickets')}</dt>
          <dd data-testid="sales-tickets">{sum((e) => e.tickets)}</dd>
        </div>
        <div>
          <dt>{t('commissioner.sales.total')}</dt>
          <dd data-testid="sales-total">{money(Math.round(sum((e) => e.total) * 100) / 100, currency)}</dd>
        </div>
        <div>
          <dt>{t('commissioner.sales.refund')}</dt>
          <dd data-testid="sales-refund">
            {money(Math.round(sum((e) => e.refundService) * 100) / 100, currency)}
          </dd>
        </div>
      </dl>
      <p>
        <a className={styles.download} href={csvHref} download>
          {t('commissioner.sales.csv')}
        </a>
      </p>
      <h2>{t('commissioner.sales.byEvent')}</h2>
      {sales.events.length === 0 ? (
        <p>{t('commissioner.sales.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <Column>{t('commissioner.sales.event')}</Column>
                <Column num>{t('commissioner.sales.orders')}</Column>
                <Column num>{t('commissioner.sales.tickets')}</Column>
                <Column num>{t('commissioner.sales.total')}</Column>
                <Column num>{t('commissioner.sales.refund')}</Column>
              </tr>
            </thead>
            <tbody>
              {sales.events.map((e) => (
                <tr key={e.eventId}>
                  <td>{e.eventName}</td>
                  <td className={styles.num}>{e.orders}</td>
                  <td className={styles.num}>{e.tickets}</td>
                  <td className={styles.num}>{money(e.total, e.currency)}</td>
                  <td className={styles.num}>{money(e.refundService, e.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {sales.orders.length > 0 && (
        <>
          <h2>{t('commissioner.sales.byOrder')}</h2>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <Column>{t('commissioner.sales.order')}</Column>
                  <Column>{t('commissioner.sales.paidAt')}</Column>
                  <Column>{t('commissioner.sales.event')}</Column>
                  <Column num>{t('commissioner.sales.tickets')}</Column>
                  <Column num>{t('commissioner.sales.total')}</Column>
                  <Column>{t('commissioner.sales.status')}</Column>
                </tr>
              </thead>
              <tbody>
                {sales.orders.map((o) => (
                  <tr key={o.orderId}>
                    <td>{o.orderId.slice(0, 8).toUpperCase()}</td>
                    <td>{when(o.paidAt)}</td>
                    <td>{o.eventName}</td>
                    <td className={styles.num}>{o.tickets}</td>
                    <td className={styles.num}>{money(o.total, o.currency)}</td>
                    <td>
                      {isPaid(o.status) ? t('commissioner.sales.paid') : t('commissioner.sales.refunded')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
