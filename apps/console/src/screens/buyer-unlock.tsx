import type { TStaffBuyerSearchAnswer } from '@ingressos/contracts/staff-support';
import { type FormEvent, useState } from 'react';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Field, Live } from '../ui/page.tsx';

/** A buyer locked out by failed logins: found by e-mail or CPF, unlocked by support (audited by the API). */
export function BuyerUnlock() {
  const { t } = useI18n();
  const [found, setFound] = useState<TStaffBuyerSearchAnswer['buyers'] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('buyer') ?? '').trim();
    setError('');
    setNotice('');
    if (!q) return;
    const answer = await api('staffBuyerSearch', { query: { q } });
    if (answer.ok) setFound(answer.body.buyers);
    else setError(answer.message || t('common.failed'));
  };
  const unlock = async (id: string, name: string) => {
    setError('');
    const answer = await api('staffUnlockBuyer', { params: { userId: id } });
    if (answer.ok) setNotice(t('buyers.unlocked', { name }));
    else setError(answer.message || t('common.failed'));
  };
  return (
    <section className="card" aria-labelledby="buyers-h">
      <h2 id="buyers-h">{t('buyers.title')}</h2>
      <form onSubmit={search} className="searchbar">
        <Field id="buyer" label={t('buyers.search')} hint={t('buyers.hint')}>
          <div className="inline">
            <input id="buyer" name="buyer" autoComplete="off" aria-describedby="buyer-hint" />
            <button type="submit" className="button-secondary">
              {t('orders.submit')}
            </button>
          </div>
        </Field>
      </form>
      <Live message={error} />
      <Live message={notice} tone="ok" />
      {found && found.length === 0 ? <p role="status">{t('buyers.none')}</p> : null}
      {found && found.length > 0 ? (
        <ul className="plain">
          {found.map((buyer) => (
            <li key={buyer.id}>
              <span>
                {buyer.name} · {buyer.email} · <span className="mono">{buyer.documentMasked}</span>
              </span>
              <button
                type="button"
                className="button-quiet"
                onClick={() => unlock(buyer.id, buyer.name)}
                aria-label={t('buyers.unlockOf', { name: buyer.name })}
              >
                {t('staff.unlock')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
