import type { TStaffOrderSearchAnswer } from '@ingressos/contracts/staff-support';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Field, Live, Loading, Page } from '../ui/page.tsx';
import { BuyerUnlock } from './buyer-unlock.tsx';
import { OrderStatus } from './order-parts.tsx';

/**
 * Pedidos: one box for a CPF, an e-mail, an order code, a card's last four digits or a Pix
 * end-to-end id (the API reads which it is). The search and its page live in the address, so a
 * result can be shared, reloaded and gone back to.
 */
export function OrdersScreen() {
  const { t, money, date } = useI18n();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const [result, setResult] = useState<TStaffOrderSearchAnswer | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  /** The cursors of the pages before this one, to go back a page. */
  const [previous, setPrevious] = useState<string[]>([]);

  useEffect(() => {
    if (!q) {
      setResult(null);
      return;
    }
    let current = true;
    setLoading(true);
    setError('');
    void api('staffOrderSearch', { query: cursor ? { q, cursor } : { q } }).then((answer) => {
      if (!current) return;
      setLoading(false);
      if (answer.ok) setResult(answer.body);
      else {
        setResult(null);
        setError(answer.message || t('common.failed'));
      }
    });
    return () => {
      current = false;
    };
  }, [q, cursor, t]);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setPrevious([]);
    setParams(text ? { q: text } : {});
  };
  const next = () => {
    if (!result?.nextCursor) return;
    setPrevious([...previous, cursor ?? '']);
    setParams({ q, cursor: result.nextCursor });
  };
  const back = () => {
    const before = previous.at(-1);
    setPrevious(previous.slice(0, -1));
    setParams(before ? { q, cursor: before } : { q });
  };

  return (
    <Page title={t('orders.title')}>
      <search>
        <form onSubmit={search} className="searchbar" aria-label={t('orders.title')}>
          <Field id="q" label={t('orders.search')} hint={t('orders.searchHint')}>
            <div className="inline">
              <input
                id="q"
                name="q"
                type="search"
                defaultValue={q}
                key={q}
                aria-describedby="q-hint"
                autoComplete="off"
              />
              <button type="submit" className="button">
                {t('orders.submit')}
              </button>
            </div>
          </Field>
        </form>
      </search>
      <Live message={error} />
      {loading ? <Loading /> : null}
      {result && !loading ? (
        <>
          <p role="status" className="muted">
            {result.orders.length === 0 ? t('orders.none') : t(`orders.kind.${result.kind}`)}
          </p>
          {result.orders.length > 0 ? (
            <div className="table-wrap">
              <table>
                <caption>{t('orders.caption', { q })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('orders.code')}</th>
                    <th scope="col">{t('orders.event')}</th>
                    <th scope="col">{t('orders.buyer')}</th>
                    <th scope="col">{t('orders.document')}</th>
                    <th scope="col" className="num">
                      {t('orders.total')}
                    </th>
                    <th scope="col">{t('orders.status')}</th>
                    <th scope="col">{t('orders.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.orders.map((order) => (
                    <tr key={order.orderId}>
                      <th scope="row">
                        <Link to={`/pedidos/${order.orderId}`} state={{ back: `/pedidos?${params}` }}>
                          {order.code}
                        </Link>
                      </th>
                      <td>{order.eventName}</td>
                      <td>{order.buyerName}</td>
                      <td className="mono">{order.buyerDocumentMasked}</td>
                      <td className="num">{money(order.totalCents, order.currency)}</td>
                      <td>
                        <OrderStatus id={order.statusId} name={order.statusName} />
                      </td>
                      <td>{date(order.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <nav className="pager" aria-label={t('common.pages')}>
            <button type="button" className="button-secondary" onClick={back} disabled={!cursor}>
              {t('common.previous')}
            </button>
            <button type="button" className="button-secondary" onClick={next} disabled={!result.nextCursor}>
              {t('common.next')}
            </button>
          </nav>
        </>
      ) : null}
      <BuyerUnlock />
    </Page>
  );
}
