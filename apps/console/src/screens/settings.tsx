import type { TSiteFlags } from '@ingressos/contracts/site-flags';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import type { TMessageKey } from '../i18n/pt-BR.ts';
import { Field, Live, Loading, Page } from '../ui/page.tsx';

const SWITCHES = [
  'biometryFacialGlobal',
  'biometryRequiredOnLogin',
  'biometryRequiredOnRegister',
  'chatWidget',
  'crmForm',
] as const satisfies readonly (keyof TSiteFlags)[];

/**
 * Configurações: the site's remote switches. Only what changed is sent, with the reason, and the
 * API records before and after in the audit log; every process reads them within its refresh.
 */
export function SettingsScreen() {
  const { t, date } = useI18n();
  const [saved, setSaved] = useState<TSiteFlags | null>(null);
  const [draft, setDraft] = useState<TSiteFlags | null>(null);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const load = useCallback(async () => {
    const answer = await api('staffSiteFlags');
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setSaved(answer.body.flags);
    setDraft(answer.body.flags);
    setUpdatedAt(answer.body.updatedAt);
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!draft || !saved)
    return (
      <Page title={t('settings.title')}>
        <Live message={error} />
        {error ? null : <Loading />}
      </Page>
    );
  const changed = Object.fromEntries(
    (Object.keys(draft) as (keyof TSiteFlags)[])
      .filter((name) => draft[name] !== saved[name])
      .map((name) => [name, draft[name]]),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setNotice('');
    if (Object.keys(changed).length === 0) return setError(t('settings.nothing'));
    const answer = await api('changeStaffSiteFlags', {
      body: { flags: changed, ...(reason.trim() ? { reason: reason.trim() } : {}) },
    });
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setReason('');
    setNotice(t('settings.saved'));
    await load();
  };
  return (
    <Page title={t('settings.title')}>
      <p className="muted">{t('settings.intro', { when: date(updatedAt) })}</p>
      <form className="stack card" onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('settings.switches')}</legend>
          {SWITCHES.map((name) => (
            <div className="check switch" key={name}>
              <input
                type="checkbox"
                id={name}
                checked={draft[name]}
                onChange={(e) => setDraft({ ...draft, [name]: e.target.checked })}
                aria-describedby={`${name}-hint`}
              />
              <label htmlFor={name}>{t(`settings.${name}` as TMessageKey)}</label>
              <p className="hint" id={`${name}-hint`}>
                {t(`settings.${name}.about` as TMessageKey)}
              </p>
            </div>
          ))}
        </fieldset>
        <Field
          id="manualReviewHours"
          label={t('settings.biometryManualReviewHours')}
          hint={t('settings.hoursHint')}
        >
          <input
            id="manualReviewHours"
            type="number"
            min={1}
            max={720}
            value={draft.biometryManualReviewHours}
            onChange={(e) => setDraft({ ...draft, biometryManualReviewHours: Number(e.target.value) })}
            aria-describedby="manualReviewHours-hint"
          />
        </Field>
        <Field id="settings-reason" label={t('settings.reason')}>
          <input id="settings-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <Live message={error} />
        <Live message={notice} tone="ok" />
        <div>
          <button type="submit" className="button">
            {t('common.save')}
          </button>
        </div>
      </form>
    </Page>
  );
}
