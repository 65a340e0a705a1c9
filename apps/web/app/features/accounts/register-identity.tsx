import { NATIONALITY } from '@ingressos/domain/account';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { birthDateInput, documentInput } from './register-rules.ts';
import { TextField } from './text-field.tsx';
import type { TRegisterState } from './use-register-form.ts';

/** Brazilian or foreigner: choosing clears the document, the birth date and the responsible's document. */
export function NationalityChoice({ f, id }: { f: TRegisterState; id: string }) {
  const { t } = useI18n();
  return (
    <>
      <fieldset className={styles.choices} aria-describedby={`${id}-error`}>
        <legend className={styles.legend}>{t('register.nationality')}</legend>
        {[NATIONALITY.brazilian, NATIONALITY.others].map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="nationality"
              checked={f.nationality === value}
              onChange={() => {
                f.set('nationality', value);
                f.set('cpf', '');
                f.set('birthDate', '');
                f.set('responsibleCPF', '');
              }}
            />
            {t(value === NATIONALITY.brazilian ? 'register.brazilian' : 'register.foreigner')}
          </label>
        ))}
      </fieldset>
      {f.errors.nationality && (
        <p id={`${id}-error`} className={styles.error}>
          {f.message(f.errors.nationality.message)}
        </p>
      )}
    </>
  );
}

/** The CPF (or foreign document) and birth date, once a nationality is chosen. */
export function DocumentFields({ f }: { f: TRegisterState }) {
  const { t } = useI18n();
  const { brazilian, values, errors } = f;
  return (
    <div className={styles.row}>
      <TextField
        label={t(brazilian ? 'register.cpf' : 'register.document')}
        inputMode={brazilian ? 'numeric' : 'text'}
        maxLength={brazilian ? 14 : 30}
        placeholder={brazilian ? '000.000.000-00' : undefined}
        value={values.cpf ?? ''}
        onChange={(event) => f.set('cpf', documentInput(brazilian, event.target.value))}
        onBlur={() => f.set('cpf', values.cpf ?? '')}
        error={f.message(errors.cpf?.message)}
      />
      <TextField
        label={t('register.birthDate')}
        type={brazilian ? 'text' : 'date'}
        inputMode={brazilian ? 'numeric' : undefined}
        placeholder={brazilian ? 'DD/MM/AAAA' : undefined}
        maxLength={10}
        autoComplete="bday"
        value={values.birthDate ?? ''}
        onChange={(event) => f.set('birthDate', birthDateInput(brazilian, event.target.value))}
        error={f.message(errors.birthDate?.message)}
      />
    </div>
  );
}

/** §5: a minor gives a responsible adult's CPF (or document). */
export function ResponsibleField({ f }: { f: TRegisterState }) {
  const { t } = useI18n();
  const { brazilian } = f;
  return (
    <TextField
      label={t(brazilian ? 'register.responsibleCpf' : 'register.responsibleDocument')}
      hint={t('register.minorHint')}
      inputMode={brazilian ? 'numeric' : 'text'}
      maxLength={brazilian ? 14 : 30}
      value={f.values.responsibleCPF ?? ''}
      onChange={(event) => f.set('responsibleCPF', documentInput(brazilian, event.target.value))}
      error={f.message(f.errors.responsibleCPF?.message)}
    />
  );
}
