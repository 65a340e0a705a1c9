import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessage } from '@ingressos/contracts/account-messages';
import { type TChangeEmailRequest, ZChangeEmailRequest } from '@ingressos/contracts/privacy';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '~/shared/api-client.ts';
import forms from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './privacy.module.css';
import { PasswordField, TextField } from './text-field.tsx';

type TResult = { ok: boolean; message: string } | null;

/** Asks for the change: the link goes to the new address, a notice to the current one. */
export function EmailChangeForm() {
  const { t, locale } = useI18n();
  const [result, setResult] = useState<TResult>(null);
  const { register, handleSubmit, formState, reset } = useForm<
    TChangeEmailRequest,
    unknown,
    z.output<typeof ZChangeEmailRequest>
  >({
    resolver: zodResolver(ZChangeEmailRequest),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const message = (key: string | undefined) => (key ? accountMessage(key, locale) : undefined);

  const submit = handleSubmit(async (values) => {
    setResult(null);
    const answer = await api('changeEmail', { body: values });
    if (answer.ok) {
      setResult({ ok: true, message: answer.body.Message });
      reset({ email: '', password: '' });
    } else {
      setResult({
        ok: false,
        message:
          answer.kind === 'http'
            ? answer.message
            : answer.kind === 'network'
              ? t('reset.networkError')
              : t('auth.requestFailed'),
      });
    }
  });

  return (
    <form className={forms.form} noValidate onSubmit={submit} aria-labelledby="privacy-email-title">
      <TextField
        label={t('privacy.email.new')}
        type="email"
        autoComplete="email"
        {...register('email')}
        error={message(formState.errors.email?.message)}
      />
      <PasswordField
        label={t('privacy.email.password')}
        autoComplete="current-password"
        {...register('password')}
        error={message(formState.errors.password?.message)}
      />
      <button type="submit" className={forms.secondary} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('privacy.email.sending') : t('privacy.email.submit')}
      </button>
      <p role="status" aria-live="polite" className={result?.ok ? styles.ok : forms.error}>
        {result?.message ?? ''}
      </p>
    </form>
  );
}
