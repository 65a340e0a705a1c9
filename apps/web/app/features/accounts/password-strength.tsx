import {
  passwordRules,
  passwordStrength,
  strengthLabel,
  type TPasswordRule,
} from '@ingressos/domain/password';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';

const RULE_KEYS: Record<
  TPasswordRule,
  'auth.ruleLength' | 'auth.ruleCases' | 'auth.ruleDigit' | 'auth.ruleSymbol'
> = {
  length: 'auth.ruleLength',
  cases: 'auth.ruleCases',
  digit: 'auth.ruleDigit',
  symbol: 'auth.ruleSymbol',
};

const LABEL_KEYS = {
  create: 'auth.strengthCreate',
  weak: 'auth.strengthWeak',
  almost: 'auth.strengthAlmost',
  strong: 'auth.strengthStrong',
} as const;

/** Spec §4: levels 0 to 4 by rules met, labelled create your password, weak, almost there, strong. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const { t } = useI18n();
  const level = passwordStrength(password);
  const rules = passwordRules(password);
  return (
    <div className={styles.strength} id={id}>
      <div className={styles.bars} aria-hidden="true">
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className={n <= level ? styles[`on${level}`] : undefined} />
        ))}
      </div>
      <p className={styles.hint} aria-live="polite">
        {t('auth.strengthLevel', { label: t(LABEL_KEYS[strengthLabel(level)]) })}
      </p>
      <ul className={styles.rules}>
        {(Object.keys(RULE_KEYS) as TPasswordRule[]).map((rule) => (
          <li key={rule} className={rules[rule] ? styles.met : undefined}>
            {rules[rule] ? '✓' : '•'} {t(RULE_KEYS[rule])}
          </li>
        ))}
      </ul>
    </div>
  );
}
