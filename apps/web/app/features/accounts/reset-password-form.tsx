import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessage } from '@ingressos/contracts/account-messages';
import { type TNewResetPasswordForm, ZNewResetPasswordForm } from '@ingressos/contracts/accounts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher, useNavigate } from 'react-router';
import type { z } from 'zod';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import type { TActionResult } from './action-result.ts';
import { PasswordStrength } from './password-strength.tsx';
import { PasswordField } from './text-field.tsx';

/** /home/confirmpasswordreset: the new password, confirmed, for the code of the e-mailed link. */
export function ResetPasswordForm({ id, code }: { id: string; code: string }) {
  const { t, locale } = useI18n();
  const fetcher = useFetcher<TActionResult>();
  const navigate = useNavigate();
  const { register, handleSubmit, watch, formState } = useForm<
    TNewResetPasswordForm,
    unknown,
    z.output<typeof ZNewResetPasswordForm>
  >({
    resolver: zodResolver(ZNewResetPasswordForm),
    mode: 'onTouched',
    defaultValues: { id, code, password: '', confirmPassword: '' },
  });
  const message = (key: string | undefined) => (key ? accountMessage(key, locale) : undefined);
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? t('reset.done'));
      navigate('/login', { replace: true });
    } else {
      toast.error(result.message);
    }
  }, [result, navigate, t]);
  const linkProblem = formState.errors.id?.message ?? formState.errors.code?.message;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit((values) =>
        fetcher.submit(values, { method: 'post', encType: 'application/json' }),
      )}
    >
      {linkProblem && <p className={styles.error}>{message(linkProblem)}</p>}
      <PasswordField
        label={t('reset.newPassword')}
        autoComplete="new-password"
        {...register('password')}
        error={message(formState.errors.password?.message)}
      />
      <PasswordStrength password={watch('password') ?? ''} id="reset-strength" />
      <PasswordField
        label={t('register.confirmPassword')}
        autoComplete="new-password"
        {...register('confirmPassword')}
        error={message(formState.errors.confirmPassword?.message)}
      />
      <button type="submit" className={styles.primary} disabled={fetcher.state !== 'idle'}>
        {t('reset.save')}
      </button>
    </form>
  );
}
