import { accountMessage } from '@ingressos/contracts/account-messages';
import type { TCaptchaConfig, TRegisterForm, TState } from '@ingressos/contracts/accounts';
import { useId } from 'react';
import { CaptchaField } from '~/ui/captcha-field.tsx';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { GenderSelect } from './gender-select.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { PhoneField } from './phone-field.tsx';
import { PlaceFields } from './place-fields.tsx';
import { DocumentFields, NationalityChoice, ResponsibleField } from './register-identity.tsx';
import { TermsConsent } from './terms-consent.tsx';
import { PasswordField, TextField } from './text-field.tsx';
import { type TRegisterState, useRegisterForm } from './use-register-form.ts';

type TProps = { captcha: TCaptchaConfig; states: TState[] | null; redirectTo: string };

/** Spec §2 register form and every §5 rule; messages in Portuguese for Brazilians, English for others. */
export function RegisterForm({ captcha, states, redirectTo }: TProps) {
  const { t } = useI18n();
  const ids = { nationality: useId(), gender: useId(), terms: useId() };
  const f = useRegisterForm(captcha, redirectTo);
  const { values, errors, message, set, fetcher, emailTaken } = f;
  const { register, handleSubmit, setValue, formState } = f.form;
  const busy = fetcher.state !== 'idle';
  return (
    <form
      className={styles.form}
      aria-label={t('register.title')}
      noValidate
      onSubmit={handleSubmit((data) => {
        if (emailTaken) return;
        f.captchaRound.spend();
        fetcher.submit(data, { method: 'post', action: '/cadastrar', encType: 'application/json' });
      })}
    >
      <NationalityChoice f={f} id={ids.nationality} />
      <TextField
        label={t('register.name')}
        autoComplete="name"
        {...register('name')}
        error={message(errors.name?.message)}
      />
      <ContactFields f={f} />
      <PasswordFields f={f} />
      {f.nationality !== undefined && <DocumentFields f={f} />}
      {f.minor && <ResponsibleField f={f} />}
      <div className={styles.field}>
        <label htmlFor={ids.gender}>{t('register.gender')}</label>
        <GenderSelect
          id={ids.gender}
          value={values.gender}
          invalid={Boolean(errors.gender)}
          onChange={(gender) => set('gender', gender as TRegisterForm['gender'])}
        />
        {errors.gender && <p className={styles.error}>{message(errors.gender.message)}</p>}
      </div>
      {f.brazilian && (
        <PlaceFields
          states={states}
          stateId={values.stateID ?? null}
          cityId={values.cityID ?? null}
          onChange={({ stateId, cityId }) => {
            set('stateID', stateId);
            set('cityID', cityId);
          }}
          stateError={message(errors.stateID?.message)}
          cityError={message(errors.cityID?.message)}
        />
      )}
      <TermsConsent f={f} id={ids.terms} />
      <CaptchaField
        config={captcha}
        resetSignal={f.captchaRound.round}
        onChange={(token) =>
          setValue('captcha', token, { shouldValidate: formState.isSubmitted, shouldDirty: true })
        }
        error={message(errors.captcha?.message)}
      />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t('app.loading') : t('register.submit')}
      </button>
    </form>
  );
}

/** The password twice (no pasting) and its strength. */
function PasswordFields({ f }: { f: TRegisterState }) {
  const { t } = useI18n();
  const { register } = f.form;
  return (
    <>
      <div className={styles.row}>
        <PasswordField
          label={t('register.password')}
          autoComplete="new-password"
          {...register('password')}
          aria-describedby="password-strength"
          error={f.message(f.errors.password?.message)}
        />
        <PasswordField
          label={t('register.confirmPassword')}
          autoComplete="new-password"
          {...register('confirmPassword')}
          error={f.message(f.errors.confirmPassword?.message)}
        />
      </div>
      <PasswordStrength password={f.values.password ?? ''} id="password-strength" />
    </>
  );
}

/** The phone (with its country code) and the e-mail, checked against the registered ones as it is left. */
function ContactFields({ f }: { f: TRegisterState }) {
  const { t } = useI18n();
  const { values, errors, message, set } = f;
  return (
    <>
      <PhoneField
        label={t('register.phone')}
        ddi={values.ddiPhone ?? '+55'}
        digits={values.phone ?? ''}
        onChange={({ ddiPhone, phone }) => {
          set('ddiPhone', ddiPhone);
          set('phone', phone);
        }}
        error={message(errors.phone?.message ?? errors.ddiPhone?.message)}
      />
      <TextField
        label={t('register.email')}
        type="email"
        autoComplete="email"
        {...f.form.register('email', { onBlur: (event) => f.checkEmail(event.target.value) })}
        onPaste={(event) => {
          // The pasted address is taken without the spaces that usually come with it.
          event.preventDefault();
          set('email', event.clipboardData.getData('text').replace(/\s+/g, ''));
        }}
        error={f.emailTaken ? accountMessage('emailTaken', f.lang) : message(errors.email?.message)}
      />
    </>
  );
}
