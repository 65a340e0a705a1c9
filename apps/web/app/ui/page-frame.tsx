import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

/** The frame every content page shares: a title and the page's own body. */
export function PageFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <article className={styles.frame}>
      <h1>{title}</h1>
      {children}
    </article>
  );
}
