import { cpfDigits, isValidCpf, maskCpf } from '@ingressos/domain/cpf';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { useDestinationLookup } from '~/shared/transfer-destination.ts';
import { useI18n } from '~/ui/i18n.tsx';
import checkout from '~/ui/panels.module.css';
import { toast } from '~/ui/toast-store.ts';
import styles from './transfers.module.css';

/**
 * The destination's CPF, whose account it reaches (masked e-mail, looked up 500 ms after the last
 * keystroke), the terms of transfer, and the send button.
 */
export function TransferForm({ ticketId, ownCpf }: { ticketId: string; ownCpf: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const id = useId();
  const [cpfText, setCpfText] = useState('');
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [code, setCode] = useState('');
  const cpf = cpfDigits(cpfText);
  const complete = cpf.length === 11;
  const problem = !complete ? null : !isValidCpf(cpf) ? 'invalid' : cpf === ownCpf ? 'self' : null;

  const found = useDestinationLookup(cpf, complete && !problem, t('transfer.lookupError'));
  const status = !complete
    ? ''
    : problem === 'invalid'
      ? t('checkout.cpfInvalid')
      : problem === 'self'
        ? t('transfers.self')
        : !found
          ? t('checkout.checking')
          : found.failed ||
            (found.answer?.registered
              ? t('transfers.account', { email: found.answer.email ?? '' })
              : t('transfers.noAccount'));
  const bad = complete && (problem !== null || Boolean(found?.failed));
  const [termsBefore, termsAfter] = t('transfers.terms', { link: '\u0000' }).split('\u0000');

  /** Asks the server to e-mail the sender's code; true when it went. */
  async function requestCode() {
    const sent = await api('sendTransferCode');
    if (!sent.ok) toast.error(sent.kind === 'http' ? sent.message : t('transfers.codeMailFailed'));
    return sent.ok;
  }

  async function send() {
    const answer = await api('addTicketTransfer', { body: { ticketId, destinationCpf: cpf } });
    if (answer.ok) {
      toast.success(t('transfers.sent'));
      navigate('/transferencias');
      return;
    }
    // Sending needs the code e-mailed to the sender, confirmed in the last 15 minutes.
    if (answer.kind === 'http' && answer.body.code === 'code_required') {
      if (await requestCode()) setStep('code');
      return;
    }
    toast.error(answer.kind === 'http' ? answer.message : t('app.genericError'));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!complete || problem || !terms || busy) return;
    setBusy(true);
    try {
      if (step === 'code') {
        const checked = await api('validateTransferCode', { body: { code } });
        if (!checked.ok)
          return void toast.error(checked.kind === 'http' ? checked.message : t('transfers.codeCheckFailed'));
      }
      await send();
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    if (await requestCode()) toast.info(t('transfers.resent'));
    setBusy(false);
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <p className={styles.hint}>{t('transfers.intro')}</p>
      <div className={checkout.field}>
        <label htmlFor={`${id}-cpf`}>{t('transfers.cpf')}</label>
        <input
          id={`${id}-cpf`}
          name="destinationCpf"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          value={cpfText}
          aria-invalid={bad ? true : undefined}
          aria-describedby={`${id}-status`}
          onChange={(event) => setCpfText(maskCpf(event.target.value))}
        />
        <span id={`${id}-status`} role="status" className={bad ? checkout.error : checkout.ok}>
          {status}
        </span>
      </div>
      <label className={styles.terms}>
        <input type="checkbox" checked={terms} onChange={(event) => setTerms(event.target.checked)} />
        <span>
          {termsBefore}
          <a href="/termos-de-transferencia" target="_blank" rel="noopener">
            {t('transfers.termsLink')}
          </a>
          {termsAfter}
        </span>
      </label>
      <p className={styles.hint}>{t('transfers.newQr')}</p>
      {step === 'code' && (
        <div className={checkout.field}>
          <p role="status">{t('transfers.codeSent')}</p>
          <label htmlFor={`${id}-code`}>{t('transfers.code')}</label>
          <input
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <button type="button" className={checkout.link} onClick={resend} disabled={busy}>
            {t('transfers.resend')}
          </button>
        </div>
      )}
      <button
        type="submit"
        className={checkout.primary}
        disabled={!complete || problem !== null || !terms || busy || (step === 'code' && code.length !== 6)}
      >
        {busy ? t('transfers.sending') : step === 'code' ? t('transfers.confirm') : t('transfers.submit')}
      </button>
    </form>
  );
}
