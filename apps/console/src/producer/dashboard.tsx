import type { TProducerDashboard } from '@ingressos/contracts/staff-producer';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { api, url } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import type { TMessageKey } from '../i18n/pt-BR.ts';
import { Live, Loading, Page } from '../ui/page.tsx';
import { EventNav } from './event-nav.tsx';
import { Fill } from './events.tsx';

/** How often the dashboard asks again while the tab is visible. */
const REFRESH_MS = 5000;

/** Tickets per day as bars (plain SVG); the table below says the same for a screen reader. */
function DayChart({ days, label }: { days: TProducerDashboard['byDay']; label: string }) {
  const shown = days.slice(-30);
  const top = Math.max(1, ...shown.map((d) => d.tickets));
  const w = 24;
  const h = 120;
  return (
    <svg
      className="day-chart"
      viewBox={`0 0 ${Math.max(shown.length, 14) * w} ${h + 18}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMinYMax meet"
    >
      {shown.map((d, i) => {
        const bar = Math.max(2, Math.round((d.tickets / top) * h));
        return (
          <g key={d.date}>
            <rect x={i * w + 4} y={h - bar} width={w - 8} height={bar} rx={3} />
            <text x={i * w + w / 2} y={h + 13} textAnchor="middle">
              {d.date.slice(8, 10)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Vendas (issue 34): the sale right now, asked again every 5 s while the page is visible: totals,
 * tickets per day, each lot's progress, by method and channel, the latest check-ins, and the
 * event's orders and attendees as CSV.
 */
export function DashboardScreen() {
  const { eventId = '' } = useParams();
  const { t, money, date, locale } = useI18n();
  const [data, setData] = useState<TProducerDashboard | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const answer = await api('producerDashboard', { params: { eventId } });
    if (answer.ok) {
      setData(answer.body);
      setError('');
    } else setError(answer.message || t('common.failed'));
  }, [eventId, t]);
  useEffect(() => {
    void load();
    void api('producerEvents').then((answer) => {
      if (answer.ok) setName(answer.body.events.find((e) => String(e.id) === eventId)?.name ?? '');
    });
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, REFRESH_MS);
    const onShow = () => document.visibilityState === 'visible' && void load();
    document.addEventListener('visibilitychange', onShow);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [eventId, load]);
  const title = t('producer.dash.title', { name });
  if (!data)
    return (
      <Page title={title}>
        <EventNav eventId={eventId} />
        <Live message={error} />
        {error ? null : <Loading />}
      </Page>
    );
  const methodLabel = (method: string) => {
    const key = `producer.method.${method}` as TMessageKey;
    const text = t(key);
    return text === key ? method : text;
  };
  const m = (cents: number) => money(cents, data.currency);
  const n = (value: number) => value.toLocaleString(locale);
  const { totals } = data;
  const cards: [string, string, string?][] = [
    [
      t('producer.dash.sold'),
      `${n(totals.sold)} / ${n(totals.capacity)}`,
      t('producer.dash.courtesies', { n: totals.courtesies }),
    ],
    [t('producer.dash.held'), n(totals.held), t('producer.dash.heldHint')],
    [t('producer.dash.gross'), m(totals.grossCents), t('producer.dash.orders', { n: totals.paidOrders })],
    [t('producer.dash.fees'), m(totals.feesCents)],
    [t('producer.dash.refunds'), m(totals.refundedCents)],
    [t('producer.dash.net'), m(totals.netCents)],
    [
      t('producer.dash.protection'),
      totals.paidOrders ? `${Math.round((totals.protectionOrders / totals.paidOrders) * 100)}%` : '—',
      t('producer.dash.protectionHint', { n: totals.protectionOrders }),
    ],
    [t('producer.dash.checkIns'), `${n(data.checkIns.checkedIn)} / ${n(data.checkIns.expected)}`],
  ];
  return (
    <Page title={title}>
      <EventNav eventId={eventId} />
      <p className="muted dash-updated">
        {t('producer.dash.updated', { when: date(data.generatedAt) })}
        <a className="button-secondary" href={url('producerOrdersCsv', { eventId })} download>
          {t('producer.dash.ordersCsv')}
        </a>
        <a className="button-secondary" href={url('producerAttendeesCsv', { eventId })} download>
          {t('producer.dash.attendeesCsv')}
        </a>
      </p>
      <Live message={error} />
      <ul className="stat-cards" aria-label={t('producer.dash.totals')}>
        {cards.map(([label, value, hint]) => (
          <li key={label} className="stat">
            <span className="stat-label">{label}</span>
            <strong className="stat-value">{value}</strong>
            {hint ? <span className="stat-hint">{hint}</span> : null}
          </li>
        ))}
      </ul>
      <div className="dash-grid">
        <section className="card" aria-labelledby="by-day-h">
          <h2 id="by-day-h">{t('producer.dash.byDay')}</h2>
          {data.byDay.length === 0 ? (
            <p className="muted">{t('producer.dash.noSales')}</p>
          ) : (
            <>
              <DayChart
                days={data.byDay}
                label={t('producer.dash.byDayChart', {
                  n: data.byDay.reduce((a, d) => a + d.tickets, 0),
                  days: data.byDay.length,
                })}
              />
              <details>
                <summary>{t('producer.dash.asTable')}</summary>
                <table>
                  <caption>{t('producer.dash.byDay')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('producer.dash.day')}</th>
                      <th scope="col" className="num">
                        {t('producer.dash.tickets')}
                      </th>
                      <th scope="col" className="num">
                        {t('producer.dash.gross')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.byDay.map((d) => (
                      <tr key={d.date}>
                        <th scope="row">{d.date.split('-').reverse().join('/')}</th>
                        <td className="num">{d.tickets}</td>
                        <td className="num">{m(d.grossCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </>
          )}
        </section>
        <section className="card" aria-labelledby="by-lot-h">
          <h2 id="by-lot-h">{t('producer.dash.byLot')}</h2>
          <ul className="plain lot-progress">
            {data.byLot.map((lot) => (
              <li key={lot.lotId}>
                <span className="lot-line">
                  <span>
                    {t('producer.lotName', { section: lot.section, ticket: lot.ticket, n: lot.number })}
                  </span>
                  <span
                    className={`badge badge-${lot.state === 'on_sale' ? 'ok' : lot.state === 'waiting' ? 'wait' : 'muted'}`}
                  >
                    {t(`producer.dash.lot.${lot.state}`)}
                  </span>
                </span>
                <Fill
                  value={lot.sold}
                  max={lot.capacity}
                  label={t('producer.dash.lotFill', {
                    sold: lot.sold,
                    capacity: lot.capacity,
                    held: lot.held,
                    price: m(lot.priceCents),
                  })}
                />
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="by-method-h">
          <h2 id="by-method-h">{t('producer.dash.byMethod')}</h2>
          <FigureTable
            caption={t('producer.dash.byMethod')}
            hiddenCaption
            columns={[t('producer.dash.method'), t('producer.dash.ordersCol'), t('producer.dash.gross')]}
            rows={data.byMethod.map((row) => ({
              key: row.method,
              head: methodLabel(row.method),
              cells: [row.orders, m(row.grossCents)],
            }))}
          />
        </section>
        <section className="card" aria-labelledby="by-channel-h">
          <h2 id="by-channel-h">{t('producer.dash.byChannel')}</h2>
          <FigureTable
            caption={t('producer.dash.byChannel')}
            hiddenCaption
            columns={[t('producer.dash.channel'), t('producer.dash.tickets'), t('producer.dash.gross')]}
            rows={data.byChannel.map((row) => ({
              key: row.channel,
              head: t(`producer.channel.${row.channel}`),
              cells: [row.tickets, m(row.grossCents)],
            }))}
          />
        </section>
      </div>
      <section className="card" aria-labelledby="check-ins-h">
        <h2 id="check-ins-h">
          {t('producer.dash.checkInsTitle', { n: data.checkIns.checkedIn, m: data.checkIns.expected })}
        </h2>
        {data.checkIns.bySection.length ? (
          <ul className="plain lot-progress">
            {data.checkIns.bySection.map((s) => (
              <li key={s.section}>
                <span className="lot-line">{s.section}</span>
                <Fill
                  value={s.checkedIn}
                  max={s.expected}
                  label={t('producer.dash.checkInFill', { n: s.checkedIn, m: s.expected })}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {data.checkIns.byGate.length ? (
          <div className="table-wrap">
            <FigureTable
              caption={t('producer.dash.byGate')}
              columns={[t('producer.dash.gate'), t('producer.dash.gateEntries')]}
              rows={data.checkIns.byGate.map((g) => ({
                key: g.gate,
                head: g.gate || t('producer.dash.noGate'),
                cells: [n(g.checkedIn)],
              }))}
            />
          </div>
        ) : null}
        {data.checkIns.recent.length === 0 ? (
          <p className="muted">{t('producer.dash.noCheckIns')}</p>
        ) : (
          <div className="table-wrap">
            <table>
              <caption>{t('producer.dash.recent')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('producer.dash.at')}</th>
                  <th scope="col">{t('producer.dash.ticket')}</th>
                  <th scope="col">{t('producer.dash.gate')}</th>
                </tr>
              </thead>
              <tbody>
                {data.checkIns.recent.map((c, i) => (
                  <tr key={`${c.at}-${i}`}>
                    <th scope="row">{date(c.at)}</th>
                    <td>
                      {c.section} · {c.ticket}
                    </td>
                    <td>{c.gate ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Page>
  );
}

/** A small table of figures: a row header, then numbers aligned right (the dashboard's by-method, channel, gate). */
function FigureTable({
  caption,
  hiddenCaption = false,
  columns,
  rows,
}: {
  caption: string;
  hiddenCaption?: boolean;
  columns: string[];
  rows: { key: string; head: string; cells: (string | number)[] }[];
}) {
  return (
    <table>
      <caption className={hiddenCaption ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((label, i) => (
            <th key={label} scope="col" className={i > 0 ? 'num' : undefined}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.head}</th>
            {row.cells.map((cell, i) => (
              <td key={i} className="num">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
