import type { ReactNode } from 'react';
import styles from './order.module.css';

/** A card of the order page, named by its heading (`id`) for assistive technologies. */
export function OrderCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
