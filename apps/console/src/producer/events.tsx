import type { TProducerEventState, TProducerEventSummary } from '@ingressos/contracts/staff-producer';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Live, Loading, Page } from '../ui/page.tsx';

export const STATE_TONE: Record<TProducerEventState, string> = {
  draft: 'muted',
  scheduled: 'wait',
  on_sale: 'ok',
  sold_out: 'bad',
  past: 'muted',
  cancelled: 'bad',
};

/** How full: a bar drawn for the eye, the numbers said in text beside it. */
export function Fill({ value, max, label }: { value: number; max: number; label: string }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div className="fill">
      <span className="fill-bar" aria-hidden="true">
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      <span className="fill-text">{label}</span>
    </div>
  );
}

/**
 * Meus eventos (issue 34): the producer's events (every event for an administrator) with where each
 * stands, when and where, how full and what it made, and the way into its editor, guests and sales.
 */
export function ProducerEventsScreen() {
  const { t, date, money } = useI18n();
  const [events, setEvents] = useState<TProducerEventSummary[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void api('producerEvents').then((answer) => {
      if (answer.ok) setEvents(answer.body.events);
      else setError(answer.message || t('common.failed'));
    });
  }, [t]);
  return (
    <Page
      title={t('producer.title')}
      actions={
        <Link className="button" to="/producao/novo">
          {t('producer.create')}
        </Link>
      }
    >
      <p className="muted">{t('producer.intro')}</p>
      <Live message={error} />
      {events === null ? (
        error ? null : (
          <Loading />
        )
      ) : events.length === 0 ? (
        <div className="card empty">
          <p>{t('producer.none')}</p>
          <Link className="button" to="/producao/novo">
            {t('producer.createFirst')}
          </Link>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="producer-events">
            <caption>{t('producer.caption', { n: events.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('producer.event')}</th>
                <th scope="col">{t('producer.date')}</th>
                <th scope="col">{t('producer.state')}</th>
                <th scope="col">{t('producer.sold')}</th>
                <th scope="col" className="num">
                  {t('producer.revenue')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('producer.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <th scope="row">
                    <div className="event-cell">
                      {event.posterUrl ? (
                        <img className="thumb" src={event.posterUrl} alt="" width={48} height={64} />
                      ) : (
                        <span className="thumb thumb-empty" aria-hidden="true" />
                      )}
                      <span>
                        <Link to={`/producao/${event.id}`}>{event.name}</Link>
                        <span className="sub">
                          {[event.city, event.state].filter(Boolean).join(' · ')} · #{event.id}
                        </span>
                      </span>
                    </div>
                  </th>
                  <td data-label={t('producer.date')}>{date(event.startsAt)}</td>
                  <td data-label={t('producer.state')}>
                    <span className={`badge badge-${STATE_TONE[event.status]}`}>
                      {t(`producer.status.${event.status}`)}
                    </span>
                  </td>
                  <td data-label={t('producer.sold')}>
                    <Fill
                      value={event.sold}
                      max={event.capacity}
                      label={t('producer.soldOf', { sold: event.sold, capacity: event.capacity })}
                    />
                  </td>
                  <td className="num" data-label={t('producer.revenue')}>
                    {money(event.grossCents, event.currency)}
                  </td>
                  <td className="row-actions">
                    <Link
                      to={`/producao/${event.id}/vendas`}
                      aria-label={t('producer.salesOf', { name: event.name })}
                    >
                      {t('producer.sales')}
                    </Link>
                    <Link
                      to={`/producao/${event.id}/convidados`}
                      aria-label={t('producer.guestsOf', { name: event.name })}
                    >
                      {t('producer.guests')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
