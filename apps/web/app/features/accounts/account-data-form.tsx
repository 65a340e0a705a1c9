import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessage } from '@ingressos/contracts/account-messages';
import {
  type TCity,
  type TState,
  type TUpdateAccountForm,
  type TUser,
  ZUpdateAccountRequest,
} from '@ingressos/contracts/accounts';
import { NATIONALITY, nationalityLocale } from '@ingressos/domain/account';
import { formatBirthDate } from '@ingressos/domain/birth-date';
import { maskCpf } from '@ingressos/domain/cpf';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher, useNavigate } from 'react-router';
import type { z } from 'zod';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import type { TActionResult } from './action-result.ts';
import { GenderSelect } from './gender-select.tsx';
import { PhoneField } from './phone-field.tsx';
import { PlaceFields } from './place-fields.tsx';
import { TextField } from './text-field.tsx';

type TProps = { user: TUser; states: TState[] | null; cities: TCity[] | null; redirectTo: string | null };

/** /dados-da-conta: name, phone, gender, state and city; identity fields are shown, not edited. */
export function AccountDataForm({ user, states, cities, redirectTo }: TProps) {
  const { t } = useI18n();
  const genderId = useId();
  const fetcher = useFetcher<TActionResult>();
  const navigate = useNavigate();
  const brazilian = user.nationality === NATIONALITY.brazilian;
  const lang = nationalityLocale(user.nationality);
  const { register, handleSubmit, setValue, watch, formState } = useForm<
    TUpdateAccountForm,
    unknown,
    z.output<typeof ZUpdateAccountRequest>
  >({
    resolver: zodResolver(ZUpdateAccountRequest),
    mode: 'onTouched',
    defaultValues: {
      Id: user.id,
      Name: user.name,
      ddiPhone: user.ddiPhone,
      phone: user.phone,
      gender: (user.gender || undefined) as TUpdateAccountForm['gender'],
      ...(brazilian ? { stateIBGEId: user.stateIBGE, cityIBGEId: user.cityIBGE } : {}),
    },
  });
  const values = watch();
  const errors = formState.errors;
  const message = (key: string | undefined) => (key ? accountMessage(key, lang) : undefined);
  const set = <K extends keyof TUpdateAccountForm>(name: K, value: TUpdateAccountForm[K]) =>
    setValue(name, value as never, { shouldValidate: formState.isSubmitted, shouldDirty: true });

  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? t('account.saved'));
      if (redirectTo) navigate(redirectTo);
    } else {
      toast.error(result.message);
    }
  }, [result, t, navigate, redirectTo]);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit((data) => {
        if (brazilian && (data.stateIBGEId == null || data.cityIBGEId == null)) {
          toast.error(accountMessage(data.stateIBGEId == null ? 'stateRequired' : 'cityRequired', lang));
          return;
        }
        fetcher.submit(data, { method: 'post', encType: 'application/json' });
      })}
    >
      <TextField
        label={t('register.name')}
        autoComplete="name"
        defaultValue={user.name}
        {...register('Name')}
        error={message(errors.Name?.message)}
      />
      <div className={styles.row}>
        <TextField label={t('register.email')} value={user.email} readOnly />
        <TextField
          label={t(brazilian ? 'register.cpf' : 'register.document')}
          value={brazilian ? maskCpf(user.cpf) : user.cpf}
          readOnly
        />
      </div>
      <div className={styles.row}>
        <TextField
          label={t('register.birthDate')}
          value={formatBirthDate(user.birthDate, user.nationality)}
          readOnly
        />
        <TextField
          label={t('register.nationality')}
          value={t(brazilian ? 'register.brazilian' : 'register.foreigner')}
          readOnly
        />
      </div>
      <PhoneField
        label={t('register.phone')}
        ddi={values.ddiPhone ?? user.ddiPhone}
        digits={values.phone ?? ''}
        onChange={({ ddiPhone, phone }) => {
          set('ddiPhone', ddiPhone);
          set('phone', phone);
        }}
        error={message(errors.phone?.message ?? errors.ddiPhone?.message)}
      />
      <div className={styles.field}>
        <label htmlFor={genderId}>{t('register.gender')}</label>
        <GenderSelect
          id={genderId}
          value={values.gender}
          onChange={(gender) => set('gender', gender as TUpdateAccountForm['gender'])}
        />
        {errors.gender && <p className={styles.error}>{message(errors.gender.message)}</p>}
      </div>
      {brazilian && (
        <PlaceFields
          states={states}
          stateId={values.stateIBGEId ?? null}
          cityId={values.cityIBGEId ?? null}
          initialCities={cities}
          onChange={({ stateId, cityId }) => {
            set('stateIBGEId', stateId);
            set('cityIBGEId', cityId);
          }}
          cityError={message(errors.cityIBGEId?.message)}
        />
      )}
      <button type="submit" className={styles.primary} disabled={fetcher.state !== 'idle'}>
        {t('account.save')}
      </button>
    </form>
  );
}
