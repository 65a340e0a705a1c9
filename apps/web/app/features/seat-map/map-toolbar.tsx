import { useI18n } from '~/ui/i18n.tsx';
import styles from './seat-map.module.css';

/** Zoom in, zoom out and back to the whole map. */
export function MapToolbar({
  view,
}: {
  view: { zoomIn: () => void; zoomOut: () => void; reset: () => void };
}) {
  const { t } = useI18n();
  return (
    <div className={styles.toolbar}>
      <button type="button" onClick={view.zoomIn}>
        {t('map.zoomIn')}
      </button>
      <button type="button" onClick={view.zoomOut}>
        {t('map.zoomOut')}
      </button>
      <button type="button" onClick={view.reset}>
        {t('map.reset')}
      </button>
    </div>
  );
}
