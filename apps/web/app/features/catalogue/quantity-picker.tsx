import { useI18n } from '~/ui/i18n.tsx';
import styles from './tickets.module.css';

/**
 * − n +: zero, or from `min` to `max`. Stepping up from zero jumps to the minimum and stepping
 * down from the minimum goes back to zero, so a quantity below the minimum is never shown.
 */
export function QuantityPicker(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const { t } = useI18n();
  const { value, min, max, label, onChange } = props;
  const up = value === 0 ? min : value + 1;
  const down = value <= min ? 0 : value - 1;
  return (
    <fieldset className={styles.picker}>
      <legend className="visually-hidden">{t('event.quantity', { ticket: label })}</legend>
      <button
        type="button"
        onClick={() => onChange(down)}
        disabled={value === 0}
        aria-label={t('event.decrease', { ticket: label })}
      >
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button
        type="button"
        onClick={() => onChange(up)}
        disabled={up > max}
        aria-label={t('event.increase', { ticket: label })}
      >
        +
      </button>
    </fieldset>
  );
}
