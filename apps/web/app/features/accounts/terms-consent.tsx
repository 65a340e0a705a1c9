import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { consentParts } from './register-rules.ts';
import type { TRegisterState } from './use-register-form.ts';

/** The terms of use and privacy policy, accepted by a checkbox whose sentence links to both. */
export function TermsConsent({ f, id }: { f: TRegisterState; id: string }) {
  const { t } = useI18n();
  const error = f.errors.acceptTerms;
  return (
    <div className={styles.field}>
      <label className={styles.consent}>
        <input
          type="checkbox"
          {...f.form.register('acceptTerms')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>
          {consentParts(t('register.acceptTerms')).map((part) =>
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
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {f.message(error.message)}
        </p>
      )}
    </div>
  );
}
