import { useI18n } from '~/ui/i18n.tsx';
import styles from './seat-map.module.css';

/** What each colour of the map means. */
export function Legend() {
  const { t } = useI18n();
  const items = ['Disponivel', 'selected', 'Reservado', 'Indisponivel', 'Desativado'] as const;
  return (
    <ul className={styles.legend} aria-label={t('map.legend')}>
      {items.map((item) => (
        <li key={item}>
          <span className={styles.swatch} data-status={item} aria-hidden="true" />
          {item === 'selected' ? t('map.selected') : t(`map.status.${item}`)}
        </li>
      ))}
    </ul>
  );
}
