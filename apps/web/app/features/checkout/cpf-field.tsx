import type { TCpfCheck } from '@ingressos/contracts';
import { cpfDigits, maskCpf } from '@ingressos/domain/cpf';
import { useI18n } from '~/ui/i18n.tsx';
import styles from '~/ui/panels.module.css';

/** One CPF entry with its flags (§3 "Identification entry"). */
export function CpfField(props: {
  id: string;
  label: string;
  value: string;
  check: TCpfCheck | undefined;
  checking: boolean;
  onChange(value: string): void;
}) {
  const { t } = useI18n();
  const { check } = props;
  const complete = cpfDigits(props.value).length === 11;
  const problem = !complete
    ? null
    : check && !check.valid
      ? t('checkout.cpfInvalid')
      : check?.repeated
        ? t('checkout.cpfRepeated')
        : check?.online
          ? t('checkout.cpfOnline')
          : null;
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        value={props.value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${props.id}-status`}
        onChange={(event) => props.onChange(maskCpf(event.target.value))}
      />
      <span id={`${props.id}-status`} role="status" className={problem ? styles.error : styles.ok}>
        {complete
          ? props.checking
            ? t('checkout.checking')
            : (problem ?? (check ? t('checkout.cpfOk') : ''))
          : ''}
      </span>
    </div>
  );
}
