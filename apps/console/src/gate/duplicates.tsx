import type { TGateDuplicates } from '@ingressos/contracts/gate';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { Live, Loading, Page } from '../ui/page.tsx';

/**
 * Issue 35: tickets that two gates accepted while offline (GET /api/staff/gate/duplicates): the
 * server kept the first check-in; the second person got in on a copy. Admin and support see every
 * event's, a producer their own events' (the API scopes it).
 */
export function DuplicatesScreen() {
  const { t, date } = useI18n();
  const [answer, setAnswer] = useState<TGateDuplicates | null | 'failed'>(null);
  useEffect(() => {
    void (async () => {
      const response = await fetch('/api/staff/gate/duplicates').catch(() => null);
      const body = response?.ok
        ? ((await response.json().catch(() => null)) as TGateDuplicates | null)
        : null;
      setAnswer(body ?? 'failed');
    })();
  }, []);
  const where = (at: string, gate: string | null, device: string | null) =>
    [date(at), gate, device ? device.slice(0, 12) : null].filter(Boolean).join(' · ');
  return (
    <Page title={t('duplicates.title')}>
      <p className="muted">{t('duplicates.intro')}</p>
      {answer === null ? <Loading /> : null}
      <Live message={answer === 'failed' ? t('common.failed') : ''} />
      {answer && answer !== 'failed' && !answer.duplicates.length ? <p>{t('duplicates.none')}</p> : null}
      {answer && answer !== 'failed' && answer.duplicates.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('duplicates.event')}</th>
                <th scope="col">{t('duplicates.ticket')}</th>
                <th scope="col">{t('duplicates.first')}</th>
                <th scope="col">{t('duplicates.second')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.duplicates.map((d) => (
                <tr key={d.id}>
                  <td>{d.eventName}</td>
                  <td>
                    {d.holderName ?? '—'}
                    <br />
                    <span className="muted">
                      {d.section} · {d.ticket}
                    </span>
                  </td>
                  <td>{where(d.firstAt, d.firstGate, d.firstDevice)}</td>
                  <td>{where(d.duplicateAt, d.duplicateGate, d.duplicateDevice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
