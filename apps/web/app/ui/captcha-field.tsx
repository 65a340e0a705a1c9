import { CAPTCHA_OFF_TOKEN, type TCaptchaConfig } from '@ingressos/contracts/accounts';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '~/shared/api-client.ts';
import { FieldError } from './field-error.tsx';
import styles from './forms.module.css';
import { useI18n } from './i18n.tsx';

type TProps = {
  config: TCaptchaConfig;
  /** Receives the answer token, or '' when it is reset or expires. */
  onChange: (token: string) => void;
  /** Changing this number starts a new round: the widget is cleared for a new answer (`useCaptchaRounds`). */
  resetSignal: number;
  error?: string | undefined;
};

/**
 * A captcha answer is good for one request, so a form spends it as it submits: the form forgets the
 * token and the widget is cleared in the same update, before the request leaves. A failed attempt
 * then finds the box already unticked; clearing it when the failure came back raced a person (or a
 * test) ticking it again, and could untick the new answer and leave 'Entrar' disabled.
 */
export function useCaptchaRounds(config: TCaptchaConfig, forget: () => void) {
  const [round, setRound] = useState(0);
  const spend = () => {
    if (config.provider === 'off') return;
    forget();
    setRound((n) => n + 1);
  };
  return { round, spend };
}

/** The captcha of the login and register forms and of the cart past its anonymous-hold threshold: the local tick box, a real provider's widget, or nothing. */
export function CaptchaField({ config, onChange, resetSignal, error }: TProps) {
  if (config.provider === 'off') return <CaptchaOff onChange={onChange} />;
  if (config.provider === 'local')
    return <LocalCaptcha onChange={onChange} resetSignal={resetSignal} error={error} />;
  return <ProviderCaptcha config={config} onChange={onChange} resetSignal={resetSignal} error={error} />;
}

function CaptchaOff({ onChange }: { onChange: (token: string) => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => onChange(CAPTCHA_OFF_TOKEN), []);
  return null;
}

/** A box a person ticks; ticking asks the server for a signed, single-use answer. */
function LocalCaptcha({ onChange, resetSignal, error }: Omit<TProps, 'config'>) {
  const { t } = useI18n();
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  // A new round unticks the box in the render that starts it (the form has forgotten the token),
  // and an answer still on its way from the round before is dropped.
  const [round, setRound] = useState(resetSignal);
  const current = useRef(resetSignal);
  if (round !== resetSignal) {
    setRound(resetSignal);
    setChecked(false);
    setBusy(false);
  }
  useEffect(() => {
    current.current = resetSignal;
  }, [resetSignal]);
  const tick = async () => {
    // Ticked at once; unticked again if the server gives no answer.
    setChecked(true);
    setBusy(true);
    const asked = resetSignal;
    const answer = await api('captchaLocal');
    if (asked !== current.current) return;
    setBusy(false);
    if (answer.ok) onChange(answer.body.token);
    else setChecked(false);
  };
  // A box ticked in the server's page before this form came alive (a slow phone, the protected
  // pages' lazy chunk) stays ticked through hydration with no answer behind it, and 'Entrar' would
  // wait forever: ask for the answer once mounted, as if it had been ticked now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (box.current?.checked) void tick();
  }, []);
  return (
    <div className={styles.field}>
      <div className={styles.captcha}>
        <input
          ref={box}
          id={id}
          type="checkbox"
          checked={checked}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            if (event.target.checked) return void tick();
            setChecked(false);
            onChange('');
          }}
        />
        <label htmlFor={id}>{t('auth.captchaLocal')}</label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

type TWidgetApi = {
  render(element: HTMLElement, options: Record<string, unknown>): string | number;
  reset(id?: string | number): void;
};

const SCRIPTS = {
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  recaptcha: { src: 'https://www.google.com/recaptcha/api.js?render=explicit', global: 'grecaptcha' },
} as const;

/** Turnstile, hCaptcha and reCAPTCHA share the explicit render(element, {sitekey, callback}) API. */
function ProviderCaptcha({ config, onChange, resetSignal, error }: TProps) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TWidgetApi; id: string | number } | null>(null);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    const script = SCRIPTS[config.provider as keyof typeof SCRIPTS];
    if (!script) return;
    const global = window as unknown as Record<string, TWidgetApi | undefined>;
    const mount = () => {
      const api = global[script.global];
      if (!api?.render || !box.current) return false;
      if (!widget.current) {
        const id = api.render(box.current, {
          sitekey: config.siteKey,
          callback: (token: string) => report.current(token),
          'expired-callback': () => report.current(''),
        });
        widget.current = { api, id };
      }
      return true;
    };
    if (mount()) return;
    if (!document.querySelector(`script[src="${script.src}"]`)) {
      const tag = document.createElement('script');
      tag.src = script.src;
      tag.async = true;
      document.head.append(tag);
    }
    const poll = window.setInterval(() => mount() && window.clearInterval(poll), 200);
    return () => window.clearInterval(poll);
  }, [config]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets only when the signal changes
  useEffect(() => {
    if (!widget.current) return;
    widget.current.api.reset(widget.current.id);
  }, [resetSignal]);
  return (
    <div className={styles.field}>
      <div ref={box} />
      {error && <p className={styles.error}>{error}</p>}
    </div>
  );
}
