import type { TStaffOrderRefunds } from '@ingressos/contracts/staff-refunds';
import type { TStaffOrderDetail } from '@ingressos/contracts/staff-support';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Live, Loading, Page } from '../ui/page.tsx';
import { methodName, OrderStatus, PaymentStatus, TicketState, Timeline } from './order-parts.tsx';
import { ReasonDialog, RefundDialog } from './refund-dialog.tsx';

type TAction = 'refund' | 'protection' | 'cancel' | null;

/** One order: summary, payments, tickets, refunds, the whole timeline, and what support can do with it. */
export function OrderScreen() {
  const { orderId = '' } = useParams();
  const { t, money, date } = useI18n();
  const [order, setOrder] = useState<TStaffOrderDetail | null>(null);
  const [refunds, setRefunds] = useState<TStaffOrderRefunds | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [action, setAction] = useState<TAction>(null);
  const [busy, setBusy] = useState(false);
  /** The search this order was opened from (its query and page), else the empty search. */
  const back = (useLocation().state as { back?: string } | null)?.back ?? '/pedidos';

  const load = useCallback(async () => {
    const [detail, money] = await Promise.all([
      api('staffOrder', { params: { orderId } }),
      api('staffOrderRefunds', { params: { orderId } }),
    ]);
    if (detail.ok) setOrder(detail.body);
    else setError(detail.message || t('common.failed'));
    if (money.ok) setRefunds(money.body);
  }, [orderId, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const done = async (message: string) => {
    setAction(null);
    setNotice(message);
    await load();
  };
  const resend = async () => {
    setBusy(true);
    setError('');
    setNotice('');
    const answer = await api('staffResendTickets', { params: { orderId } });
    setBusy(false);
    if (answer.ok) setNotice(t('order.resent', { email: order?.buyer.email ?? '' }));
    else setError(answer.message || t('common.failed'));
  };

  if (!order) {
    return (
      <Page title={t('order.title', { code: '' })}>
        <Live message={error} />
        {error ? null : <Loading />}
      </Page>
    );
  }
  const { order: o, buyer } = order;
  const paid = o.statusId === 3;
  const pending = o.statusId === 1;
  const refundable = refunds ? refunds.totalCents - refunds.refundedCents - refunds.dueCents : 0;
  return (
    <Page
      title={t('order.title', { code: o.code })}
      actions={
        <>
          <Link to={back} className="button-quiet">
            {t('order.backToSearch')}
          </Link>
          {paid ? (
            <button type="button" className="button-secondary" onClick={resend} disabled={busy}>
              {t('order.resend')}
            </button>
          ) : null}
          {paid && refunds && refundable > 0 ? (
            <button type="button" className="button" onClick={() => setAction('refund')}>
              {t('order.refund')}
            </button>
          ) : null}
          {paid && refunds?.protection && refundable > 0 ? (
            <button type="button" className="button-secondary" onClick={() => setAction('protection')}>
              {t('order.protection')}
            </button>
          ) : null}
          {pending ? (
            <button type="button" className="button-danger" onClick={() => setAction('cancel')}>
              {t('order.cancelPending')}
            </button>
          ) : null}
        </>
      }
    >
      <Live message={error} />
      <Live message={notice} tone="ok" />
      <section aria-labelledby="summary" className="card">
        <h2 id="summary">{t('order.summary')}</h2>
        <dl className="facts">
          <dt>{t('orders.status')}</dt>
          <dd>
            <OrderStatus id={o.statusId} name={o.statusName} />
          </dd>
          <dt>{t('orders.event')}</dt>
          <dd>{o.eventName}</dd>
          <dt>{t('orders.total')}</dt>
          <dd>
            {money(o.totalCents, o.currency)}
            {o.refundServiceCents > 0
              ? ` (${t('order.withProtection', { amount: money(o.refundServiceCents, o.currency) })})`
              : ''}
          </dd>
          {refunds && refunds.refundedCents + refunds.dueCents > 0 ? (
            <>
              <dt>{t('order.refunded')}</dt>
              <dd>
                {money(refunds.refundedCents, refunds.currency)}
                {refunds.dueCents > 0
                  ? ` + ${t('order.due', { amount: money(refunds.dueCents, refunds.currency) })}`
                  : ''}
              </dd>
            </>
          ) : null}
          <dt>{t('order.method')}</dt>
          <dd>
            {methodName({ t }, o.method)}
            {o.installments > 1 ? ` · ${t('order.installments', { n: o.installments })}` : ''}
          </dd>
          <dt>{t('orders.created')}</dt>
          <dd>{date(o.createdAt)}</dd>
          <dt>{t('order.paidAt')}</dt>
          <dd>{date(o.paidAt)}</dd>
          <dt>{t('orders.buyer')}</dt>
          <dd>
            {buyer.name} · {buyer.email}
          </dd>
          <dt>{t('orders.document')}</dt>
          <dd className="mono">{buyer.documentMasked}</dd>
          <dt>{t('order.phone')}</dt>
          <dd className="mono">{buyer.phoneMasked}</dd>
        </dl>
      </section>

      <div className="table-wrap">
        <table>
          <caption>{t('order.payments')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('order.gateway')}</th>
              <th scope="col">{t('order.method')}</th>
              <th scope="col">{t('order.card')}</th>
              <th scope="col">{t('orders.status')}</th>
              <th scope="col" className="num">
                {t('order.amount')}
              </th>
              <th scope="col" className="num">
                {t('order.refunded')}
              </th>
              <th scope="col">{t('order.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {order.charges.map((charge) => (
              <tr key={charge.id}>
                <td>
                  {charge.gateway}
                  {charge.part ? ` · ${t('order.part', { n: charge.part.position + 1 })}` : ''}
                </td>
                <td>{methodName({ t }, charge.method)}</td>
                <td className="mono">
                  {charge.cardLast4
                    ? `${charge.cardBrand ?? ''} •••• ${charge.cardLast4}`
                    : (charge.pixEndToEndId ?? '—')}
                </td>
                <td>
                  <PaymentStatus status={charge.status} detail={charge.statusDetail} />
                </td>
                <td className="num">{money(charge.amountCents, charge.currency)}</td>
                <td className="num">
                  {charge.refundedCents ? money(charge.refundedCents, charge.currency) : '—'}
                </td>
                <td>{date(charge.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="table-wrap">
        <table>
          <caption>{t('order.tickets')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('order.ticket')}</th>
              <th scope="col">{t('order.holder')}</th>
              <th scope="col">{t('orders.document')}</th>
              <th scope="col">{t('orders.status')}</th>
              <th scope="col">{t('order.voidReason')}</th>
            </tr>
          </thead>
          <tbody>
            {order.tickets.map((ticket) => (
              <tr key={ticket.id}>
                <th scope="row">
                  {refunds?.tickets.find((each) => each.id === ticket.id)?.ticketName ?? ''}
                  <span className="sub mono">{ticket.id.slice(0, 8)}</span>
                </th>
                <td>{ticket.holderName ?? '—'}</td>
                <td className="mono">{ticket.holderDocumentMasked}</td>
                <td>
                  <TicketState state={ticket.state} />
                </td>
                <td>{ticket.voidReason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {refunds && refunds.refunds.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption>{t('order.refunds')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('order.requested')}</th>
                <th scope="col">{t('order.refundKind')}</th>
                <th scope="col" className="num">
                  {t('order.amount')}
                </th>
                <th scope="col">{t('orders.status')}</th>
                <th scope="col">{t('order.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td>{date(refund.createdAt)}</td>
                  <td>{t(`refund.kind.${refund.kind}`)}</td>
                  <td className="num">{money(refund.amountCents, refund.currency)}</td>
                  <td>
                    <span
                      className={`badge badge-${refund.status === 'done' ? 'ok' : refund.status === 'failed' ? 'bad' : 'wait'}`}
                    >
                      {t(`refund.status.${refund.status}`)}
                    </span>
                    {refund.lastError ? <span className="muted"> {refund.lastError}</span> : null}
                    {refund.status === 'failed' ? (
                      <button
                        type="button"
                        className="button-quiet"
                        onClick={async () => {
                          setError('');
                          const answer = await api('staffRetryRefund', { params: { refundId: refund.id } });
                          if (answer.ok) await done(t('order.retried'));
                          else setError(answer.message || t('common.failed'));
                        }}
                      >
                        {t('cancellation.retry')}
                      </button>
                    ) : null}
                  </td>
                  <td>{refund.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <section aria-labelledby="timeline" className="card">
        <h2 id="timeline">{t('order.timeline')}</h2>
        <Timeline entries={order.timeline} currency={o.currency} />
      </section>

      {refunds ? (
        <RefundDialog
          open={action === 'refund'}
          onClose={() => setAction(null)}
          orderId={orderId}
          refunds={refunds}
          onDone={(amount) => done(t('order.refundDone', { amount }))}
        />
      ) : null}
      <ReasonDialog
        open={action === 'protection'}
        onClose={() => setAction(null)}
        title={t('order.protection')}
        confirm={t('order.protectionConfirm', { amount: refunds ? money(refundable, refunds.currency) : '' })}
        send={(reason) => api('staffProtectionClaim', { params: { orderId }, body: { reason } })}
        onDone={() => done(t('order.protectionDone'))}
      />
      <ReasonDialog
        open={action === 'cancel'}
        onClose={() => setAction(null)}
        title={t('order.cancelPending')}
        confirm={t('order.cancelConfirm')}
        danger
        send={(reason) => api('staffCancelPendingOrder', { params: { orderId }, body: { reason } })}
        onDone={() => done(t('order.cancelDone'))}
      />
    </Page>
  );
}
