import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessage } from '@ingressos/contracts/account-messages';
import {
  registrationLocale,
  type TCaptchaConfig,
  type TRegisterForm,
  ZRegisterForm,
} from '@ingressos/contracts/accounts';
import { isEmail, normalizeEmail } from '@ingressos/domain/documents';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher, useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '~/shared/api-client.ts';
import { useCaptchaRounds } from '~/ui/captcha-field.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import type { TActionResult } from './action-result.ts';
import { isBrazilian, isTakenEmail, nationalityOf, needsResponsible } from './register-rules.ts';

/**
 * The register form's state: the fields (validated by the server's schema), the messages in the
 * registrant's language, the e-mail already registered, the captcha round, and the answer.
 */
export function useRegisterForm(captcha: TCaptchaConfig, redirectTo: string) {
  const { t, locale } = useI18n();
  const fetcher = useFetcher<TActionResult>();
  const navigate = useNavigate();
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const form = useForm<TRegisterForm, unknown, z.output<typeof ZRegisterForm>>({
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
  const { setValue, watch, formState } = form;
  const values = watch();
  const nationality = nationalityOf(values.nationality);
  const lang = registrationLocale(values, locale);
  const message = (key: string | undefined) => (key ? accountMessage(key, lang) : undefined);
  const set = <K extends keyof TRegisterForm>(name: K, value: TRegisterForm[K]) =>
    setValue(name, value as never, {
      shouldValidate: formState.isSubmitted || Boolean(formState.touchedFields[name]),
      shouldDirty: true,
      shouldTouch: true,
    });

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

  return {
    form,
    fetcher,
    values,
    errors: formState.errors,
    nationality,
    brazilian: isBrazilian(nationality),
    minor: needsResponsible(nationality, values.birthDate),
    lang,
    message,
    set,
    captchaRound,
    checkEmail,
    emailTaken: isTakenEmail(takenEmail, values.email),
  };
}

export type TRegisterState = ReturnType<typeof useRegisterForm>;
