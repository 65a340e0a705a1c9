import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessage } from '@ingressos/contracts/account-messages';
import { type TCaptchaConfig, type TLoginForm, ZLoginForm } from '@ingressos/contracts/accounts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CaptchaField, useCaptchaRounds } from '~/ui/captcha-field.tsx';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import type { TActionResult } from './action-result.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { PasswordField, TextField } from './text-field.tsx';

/** Spec §2 login: e-mail or CPF, password, 'Esqueceu a senha?', captcha, 'Entrar' (enabled once changed and valid). */
export function LoginForm({ captcha, redirectTo }: { captcha: TCaptchaConfig; redirectTo: string }) {
  const { t, locale } = useI18n();
  const fetcher = useFetcher<TActionResult>();
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isDirty, isValid },
  } = useForm<TLoginForm, unknown, z.output<typeof ZLoginForm>>({
    resolver: zodResolver(ZLoginForm),
    mode: 'onChange',
    defaultValues: { email: '', password: '', captcha: '' },
  });
  // Spent as the form submits; emptied without validating it, so 'Entrar' waits for a new tick
  // and nobody is told off in red for it.
  const captchaRound = useCaptchaRounds(captcha, () => setValue('captcha', ''));
  const message = (key: string | undefined) => (key ? accountMessage(key, locale) : undefined);
  // What was typed before this form came alive (a slow phone, the protected pages' lazy chunk) is in
  // the fields but not in the form's state, so 'Entrar' would stay disabled: take it in once mounted.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    for (const name of ['email', 'password'] as const) {
      const typed = formRef.current?.elements.namedItem(name);
      if (typed instanceof HTMLInputElement && typed.value)
        setValue(name, typed.value, { shouldDirty: true, shouldValidate: true });
    }
  }, [setValue]);

  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      navigate(redirectTo, { replace: true });
    } else {
      toast.error(result.message);
    }
  }, [result, navigate, redirectTo]);

  const busy = fetcher.state !== 'idle';
  return (
    <>
      <form
        ref={formRef}
        className={styles.form}
        aria-label={t('auth.loginTitle')}
        noValidate
        onSubmit={handleSubmit((values) => {
          captchaRound.spend();
          return fetcher.submit(values, { method: 'post', action: '/login' });
        })}
      >
        <TextField
          label={t('auth.emailOrCpf')}
          autoComplete="username"
          {...register('email')}
          error={message(errors.email?.message)}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          {...register('password')}
          error={message(errors.password?.message)}
        />
        <button type="button" className={styles.link} onClick={() => setForgotOpen(true)}>
          {t('auth.forgotPassword')}
        </button>
        <CaptchaField
          config={captcha}
          resetSignal={captchaRound.round}
          onChange={(token) =>
            setValue('captcha', token, { shouldValidate: Boolean(token), shouldDirty: true })
          }
          error={message(errors.captcha?.message)}
        />
        <button
          type="submit"
          className={styles.primary}
          disabled={!isDirty || !isValid || !watch('captcha') || busy}
        >
          {busy ? t('app.loading') : t('auth.submitLogin')}
        </button>
      </form>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </>
  );
}
