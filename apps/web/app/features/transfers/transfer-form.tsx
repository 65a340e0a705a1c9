import type { TAddTransferAnswer, TTransferDestinationAnswer } from '@ingressos/contracts';
import { isValidCpf, maskCpf } from '@ingressos/domain/cpf';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { browserApi } from '~/features/accounts/browser-api.ts';
import checkout from '~/features/checkout/checkout.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import styles from './transfers.module.css';

type TLookup = { cpf: string; answer: TTransferDestinationAnswer | null; failed: string };

const digits = (value: string) => value.replace(/\D/g, '');

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
  const [lookup, setLookup] = useState<TLookup | null>(null);
  const cpf = digits(cpfText);
  const complete = cpf.length === 11;
  const problem = !complete ? null : !isValidCpf(cpf) ? 'invalid' : cpf === ownCpf ? 'self' : null;

  useEffect(() => {
    if (!complete || problem) return;
    const timer = setTimeout(async () => {
      const answer = await browserApi<TTransferDestinationAnswer>(
        `/api/transferTicket/getUserEmailByCpf?cpf=${cpf}`,
      );
      setLookup(
        answer.ok
          ? { cpf, answer: answer.body, failed: '' }
          : {
              cpf,
              answer: null,
              failed: answer.kind === 'http' ? answer.message : t('transfer.lookupError'),
            },
      );
    }, 500);
    return () => clearTimeout(timer);
  }, [cpf, complete, problem, t]);

  const found = lookup?.cpf === cpf ? lookup : null;
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

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!complete || problem || !terms || busy) return;
    setBusy(true);
    const answer = await browserApi<TAddTransferAnswer>('/api/transferTicket/addTicketTransfer', {
      method: 'POST',
      body: { ticketId, destinationCpf: cpf },
    });
    setBusy(false);
    if (!answer.ok) return void toast.error(answer.kind === 'http' ? answer.message : t('app.genericError'));
    toast.success(t('transfers.sent'));
    navigate('/transferencias');
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
      <button
        type="submit"
        className={checkout.primary}
        disabled={!complete || problem !== null || !terms || busy}
      >
        {busy ? t('transfers.sending') : t('transfers.submit')}
      </button>
    </form>
  );
}
