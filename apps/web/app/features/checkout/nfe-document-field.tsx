import { isValidNfeDocument, maskNfeDocument, nfeDocumentKind } from '@ingressos/domain/nfe-document';
import { useI18n } from '~/ui/i18n.tsx';
import panels from '~/ui/panels.module.css';
import styles from './ways-to-pay.module.css';

/** Issue 15: the NF-e document as typed: whether it can be sent (check digits right). */
export function nfeDocumentProblem(value: string): 'required' | 'invalid' | null {
  if (!value.trim()) return 'required';
  return isValidNfeDocument(value) ? null : 'invalid';
}

/**
 * Issue 15, commerce §3 `nfeDocument`: asked when the cart says `isNfeMandatory`. A CPF or a CNPJ
 * (alphanumeric allowed), masked as typed (§5 masks); its check digits are verified here and
 * again by the API. `showError`: the buyer tried to pay, so a missing document is pointed out too.
 */
export function NfeDocumentField({
  value,
  onChange,
  showError,
}: {
  value: string;
  onChange: (value: string) => void;
  showError: boolean;
}) {
  const { t } = useI18n();
  const problem = nfeDocumentProblem(value);
  // A wrong document is said once it is complete (or on paying); a missing one only on paying.
  const complete = nfeDocumentKind(value) !== null;
  const shown = problem === 'invalid' && (complete || showError) ? problem : showError ? problem : null;
  const kind = nfeDocumentKind(value);
  return (
    <section className={styles.nfe} aria-labelledby="nfe-document-title">
      <h2 id="nfe-document-title" className={styles.nfeTitle}>
        {t('waysToPay.nfeTitle')}
      </h2>
      <p className={styles.nfeHint}>{t('waysToPay.nfeHint')}</p>
      <div className={panels.field}>
        <label htmlFor="nfe-document">{t('waysToPay.nfeLabel')}</label>
        <input
          id="nfe-document"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={18}
          placeholder="000.000.000-00"
          value={value}
          aria-invalid={shown ? true : undefined}
          aria-describedby="nfe-document-status"
          onChange={(event) => onChange(maskNfeDocument(event.target.value))}
        />
        <span id="nfe-document-status" role="status" className={shown ? panels.error : panels.ok}>
          {shown === 'required'
            ? t('waysToPay.nfeRequired')
            : shown === 'invalid'
              ? t(kind === 'cnpj' ? 'waysToPay.nfeInvalidCnpj' : 'waysToPay.nfeInvalid')
              : !problem
                ? t(kind === 'cnpj' ? 'waysToPay.nfeCnpjOk' : 'waysToPay.nfeCpfOk')
                : ''}
        </span>
      </div>
    </section>
  );
}
