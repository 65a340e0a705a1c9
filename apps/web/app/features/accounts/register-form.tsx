import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessage } from '@ingressos/contracts/account-messages';
import {
  registrationLocale,
  type TCaptchaConfig,
  type TRegisterForm,
  type TState,
  ZRegisterForm,
} from '@ingressos/contracts/accounts';
import { NATIONALITY } from '@ingressos/domain/account';
import { isMinor, maskBrazilianDate, parseBirthDate } from '@ingressos/domain/birth-date';
import { maskCpf } from '@ingressos/domain/cpf';
import { isEmail, normalizeEmail, sanitizeForeignDocument } from '@ingressos/domain/documents';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher, useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '~/shared/api-client.ts';
import { CaptchaField, useCaptchaRounds } from '~/ui/captcha-field.tsx';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import type { TActionResult } from './action-result.ts';
import { GenderSelect } from './gender-select.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { PhoneField } from './phone-field.tsx';
import { PlaceFields } from './place-fields.tsx';
import { blockClipboard, TextField } from './text-field.tsx';

type TProps = { captcha: TCaptchaConfig; states: TState[] | null; redirectTo: string };

/** Spec §2 register form and every §5 rule; messages in Portuguese for Brazilians, English for others. */
export function RegisterForm({ captcha, states, redirectTo }: TProps) {
  const { t, locale } = useI18n();
  const fetcher = useFetcher<TActionResult>();
  const navigate = useNavigate();
  const ids = { nationality: useId(), gender: useId(), terms: useId() };
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const { register, handleSubmit, setValue, watch, formState } = useForm<
    TRegisterForm,
    unknown,
    z.output<typeof ZRegisterForm>
  >({
    resolver: zodResolver(ZRegisterForm),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      ddiPhone: '+55',
      phone: '',
      email: '',
      password: '',
      confirmPassword: '',
      cpf: '',
      birthDate: '',
      responsibleCPF: '',
      stateID: null,
      cityID: null,
      captcha: '',
    },
  });
  const values = watch();
  const nationality = values.nationality === 0 || values.nationality === 1 ? values.nationality : undefined;
  const brazilian = nationality === NATIONALITY.brazilian;
  const lang = registrationLocale(values, locale);
  const errors = formState.errors;
  const message = (key: string | undefined) => (key ? accountMessage(key, lang) : undefined);
  const set = <K extends keyof TRegisterForm>(name: K, value: TRegisterForm[K]) =>
    setValue(name, value as never, {
      shouldValidate: formState.isSubmitted || Boolean(formState.touchedFields[name]),
      shouldDirty: true,
      shouldTouch: true,
    });
  const birthIso = nationality === undefined ? null : parseBirthDate(values.birthDate ?? '', nationality);
  const minor = birthIso !== null && isMinor(birthIso);

  // Spent as the form submits (single-use); a failed attempt asks for a new tick.
  const captchaRound = useCaptchaRounds(captcha, () => setValue('captcha', ''));
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? t('register.success'));
      navigate(redirectTo, { replace: true });
    } else {
      toast.error(result.message);
    }
  }, [result, navigate, redirectTo, t]);

  async function checkEmail(email: string) {
    if (!isEmail(email.trim())) return;
    const answer = await api('validateEmail', { query: { email: email.trim() } });
    // On failure the address counts as neither available nor registered: the server decides at submit.
    setTakenEmail(answer.ok && answer.body.isRegisteredUser ? normalizeEmail(email) : null);
  }
  const emailTaken = takenEmail !== null && normalizeEmail(values.email ?? '') === takenEmail;

  const busy = fetcher.state !== 'idle';
  return (
    <form
      className={styles.form}
      aria-label={t('register.title')}
      noValidate
      onSubmit={handleSubmit((data) => {
        if (emailTaken) return;
        captchaRound.spend();
        fetcher.submit(data, { method: 'post', action: '/cadastrar', encType: 'application/json' });
      })}
    >
      <fieldset className={styles.choices} aria-describedby={`${ids.nationality}-error`}>
        <legend className={styles.legend}>{t('register.nationality')}</legend>
        {[NATIONALITY.brazilian, NATIONALITY.others].map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="nationality"
              checked={nationality === value}
              onChange={() => {
                set('nationality', value);
                set('cpf', '');
                set('birthDate', '');
                set('responsibleCPF', '');
              }}
            />
            {t(value === NATIONALITY.brazilian ? 'register.brazilian' : 'register.foreigner')}
          </label>
        ))}
      </fieldset>
      {errors.nationality && (
        <p id={`${ids.nationality}-error`} className={styles.error}>
          {message(errors.nationality.message)}
        </p>
      )}

      <TextField
        label={t('register.name')}
        autoComplete="name"
        {...register('name')}
        error={message(errors.name?.message)}
      />

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
        {...register('email', { onBlur: (event) => checkEmail(event.target.value) })}
        onPaste={(event) => {
          // The pasted address is taken without the spaces that usually come with it.
          event.preventDefault();
          set('email', event.clipboardData.getData('text').replace(/\s+/g, ''));
        }}
        error={emailTaken ? accountMessage('emailTaken', lang) : message(errors.email?.message)}
      />

      <div className={styles.row}>
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          {...register('password')}
          {...blockClipboard}
          aria-describedby="password-strength"
          error={message(errors.password?.message)}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
          {...blockClipboard}
          error={message(errors.confirmPassword?.message)}
        />
      </div>
      <PasswordStrength password={values.password ?? ''} id="password-strength" />

      {nationality !== undefined && (
        <div className={styles.row}>
          <TextField
            label={t(brazilian ? 'register.cpf' : 'register.document')}
            inputMode={brazilian ? 'numeric' : 'text'}
            maxLength={brazilian ? 14 : 30}
            placeholder={brazilian ? '000.000.000-00' : undefined}
            value={values.cpf ?? ''}
            onChange={(event) =>
              set(
                'cpf',
                brazilian ? maskCpf(event.target.value) : sanitizeForeignDocument(event.target.value),
              )
            }
            onBlur={() => set('cpf', values.cpf ?? '')}
            error={message(errors.cpf?.message)}
          />
          <TextField
            label={t('register.birthDate')}
            type={brazilian ? 'text' : 'date'}
            inputMode={brazilian ? 'numeric' : undefined}
            placeholder={brazilian ? 'DD/MM/AAAA' : undefined}
            maxLength={10}
            autoComplete="bday"
            value={values.birthDate ?? ''}
            onChange={(event) =>
              set('birthDate', brazilian ? maskBrazilianDate(event.target.value) : event.target.value)
            }
            error={message(errors.birthDate?.message)}
          />
        </div>
      )}

      {minor && (
        <TextField
          label={t(brazilian ? 'register.responsibleCpf' : 'register.responsibleDocument')}
          hint={t('register.minorHint')}
          inputMode={brazilian ? 'numeric' : 'text'}
          maxLength={brazilian ? 14 : 30}
          value={values.responsibleCPF ?? ''}
          onChange={(event) =>
            set(
              'responsibleCPF',
              brazilian ? maskCpf(event.target.value) : sanitizeForeignDocument(event.target.value),
            )
          }
          error={message(errors.responsibleCPF?.message)}
        />
      )}

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

      {brazilian && (
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

      <div className={styles.field}>
        <label className={styles.consent}>
          <input
            type="checkbox"
            {...register('acceptTerms')}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? `${ids.terms}-error` : undefined}
          />
          <span>
            {t('register.acceptTerms')
              .split(/(\{terms\}|\{privacy\})/)
              .map((part) =>
                part === '{terms}' ? (
                  <a key={part} href="/termos-de-uso" target="_blank" rel="noopener">
                    {t('register.termsOfUse')}
                  </a>
                ) : part === '{privacy}' ? (
                  <a key={part} href="/politicas-de-privacidade" target="_blank" rel="noopener">
                    {t('register.privacyPolicy')}
                  </a>
                ) : (
                  part
                ),
              )}
          </span>
        </label>
        {errors.acceptTerms && (
          <p id={`${ids.terms}-error`} className={styles.error}>
            {message(errors.acceptTerms.message)}
          </p>
        )}
      </div>

      <CaptchaField
        config={captcha}
        resetSignal={captchaRound.round}
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
