import type { TStaffTotpConfirmAnswer, TStaffTotpEnrolAnswer } from '@ingressos/contracts/staff';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { useSession } from '../session.tsx';
import { Field, Live, Loading, Page } from '../ui/page.tsx';
import { Outside } from '../ui/shell.tsx';

/** Where to go once logged in: the screen that sent here (a path of the console only). */
function useTarget() {
  const [params] = useSearchParams();
  const target = params.get('para') ?? '/';
  const safe = target.startsWith('/') && !target.startsWith('//') ? target : '/';
  return { target: safe, suffix: safe === '/' ? '' : `?para=${encodeURIComponent(safe)}` };
}

export function LoginScreen() {
  const { t } = useI18n();
  const { me, refresh } = useSession();
  const navigate = useNavigate();
  const { target, suffix } = useTarget();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (me?.stage === 'full') return <Navigate to={target} replace />;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    const answer = await api('staffLogin', {
      body: { email: String(form.get('email')), password: String(form.get('password')) },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    await refresh();
    navigate(answer.body.next === 'enrol' ? `/entrar/autenticador${suffix}` : `/entrar/codigo${suffix}`);
  };
  return (
    <Outside>
      <Page title={t('login.title')}>
        <form onSubmit={submit} className="stack" noValidate>
          <Field id="email" label={t('login.email')}>
            <input id="email" name="email" type="email" autoComplete="username" required />
          </Field>
          <Field id="password" label={t('login.password')}>
            <input id="password" name="password" type="password" autoComplete="current-password" required />
          </Field>
          <Live message={error} />
          <button type="submit" className="button" disabled={busy}>
            {t('login.submit')}
          </button>
        </form>
      </Page>
    </Outside>
  );
}

export function SecondStepScreen() {
  const { t } = useI18n();
  const { me, setMe } = useSession();
  const navigate = useNavigate();
  const { target, suffix } = useTarget();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!me) return <Navigate to={`/entrar${suffix}`} replace />;
  if (me.stage === 'full') return <Navigate to={target} replace />;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    setError('');
    const answer = await api('staffLoginTotp', {
      body: recovery ? { recoveryCode: value } : { code: value.replace(/\s/g, '') },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setMe(answer.body);
    navigate(target, { replace: true });
  };
  return (
    <Outside>
      <Page title={t('totp.title')}>
        <form onSubmit={submit} className="stack" noValidate key={recovery ? 'recovery' : 'code'}>
          {recovery ? (
            <Field id="code" label={t('totp.recoveryLabel')} hint={t('totp.recoveryHint')}>
              <input id="code" name="code" autoComplete="off" aria-describedby="code-hint" required />
            </Field>
          ) : (
            <Field id="code" label={t('totp.codeLabel')} hint={t('totp.codeHint')}>
              <input
                id="code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={7}
                aria-describedby="code-hint"
                required
              />
            </Field>
          )}
          <Live message={error} />
          <button type="submit" className="button" disabled={busy}>
            {t('totp.submit')}
          </button>
          <button type="button" className="button-link" onClick={() => setRecovery(!recovery)}>
            {recovery ? t('totp.useApp') : t('totp.useRecovery')}
          </button>
        </form>
      </Page>
    </Outside>
  );
}

/** First login: the authenticator app is set up (QR or secret), confirmed, and the recovery codes shown once. */
export function EnrolScreen() {
  const { t } = useI18n();
  const { me, setMe } = useSession();
  const navigate = useNavigate();
  const { target, suffix } = useTarget();
  const [secret, setSecret] = useState<TStaffTotpEnrolAnswer | null>(null);
  const [done, setDone] = useState<TStaffTotpConfirmAnswer | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const waiting = me?.stage === 'password' && !me.totpEnrolled;
  useEffect(() => {
    if (!waiting) return;
    void api('staffTotpEnrol').then((answer) =>
      answer.ok ? setSecret(answer.body) : setError(answer.message || t('common.failed')),
    );
  }, [waiting, t]);
  if (!me) return <Navigate to={`/entrar${suffix}`} replace />;
  if (done) {
    return (
      <Outside>
        <Page title={t('enrol.codesTitle')}>
          <p>{t('enrol.codesIntro')}</p>
          <ol className="codes" aria-label={t('enrol.codesTitle')}>
            {done.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <div className="check">
            <input
              id="copied"
              type="checkbox"
              checked={copied}
              onChange={(e) => setCopied(e.target.checked)}
            />
            <label htmlFor="copied">{t('enrol.copied')}</label>
          </div>
          <button
            type="button"
            className="button"
            disabled={!copied}
            onClick={() => {
              setMe(done.me);
              navigate(target, { replace: true });
            }}
          >
            {t('enrol.continue')}
          </button>
        </Page>
      </Outside>
    );
  }
  if (me.stage === 'full') return <Navigate to={target} replace />;
  if (me.totpEnrolled) return <Navigate to={`/entrar/codigo${suffix}`} replace />;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    setBusy(true);
    setError('');
    const answer = await api('staffTotpConfirm', { body: { code } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setDone(answer.body);
  };
  return (
    <Outside>
      <Page title={t('enrol.title')}>
        <ol className="steps">
          <li>{t('enrol.step1')}</li>
          <li>{t('enrol.step2')}</li>
        </ol>
        {secret ? (
          <div className="enrol">
            <img
              className="qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qrSvg)}`}
              alt={t('enrol.qrAlt')}
              width={200}
              height={200}
            />
            <p>
              {t('enrol.secretLabel')}{' '}
              <code className="secret" data-secret={secret.secret}>
                {secret.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </p>
          </div>
        ) : error ? null : (
          <Loading />
        )}
        <form onSubmit={submit} className="stack" noValidate>
          <Field id="code" label={t('totp.codeLabel')} hint={t('enrol.codeHint')}>
            <input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              aria-describedby="code-hint"
              required
            />
          </Field>
          <Live message={error} />
          <button type="submit" className="button" disabled={busy || !secret}>
            {t('enrol.confirm')}
          </button>
        </form>
      </Page>
    </Outside>
  );
}
