import { halfPriceLabel } from '@ingressos/domain/half-price';
import { Link } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './half-price-label.module.css';

/**
 * Issue 36: 'MEIA-ENTRADA · Estudante' on a half-price ticket (My tickets), the same words the PDF
 * and the gate show (domain/half-price.ts halfPriceLabel), linking to the rules page.
 */
export function HalfPriceLabel({ category }: { category: string | null | undefined }) {
  const { locale } = useI18n();
  if (!category) return null;
  return (
    <p className={styles.label}>
      <Link to="/meia-entrada">{halfPriceLabel(category, locale)}</Link>
    </p>
  );
}
