import type { CSSProperties } from 'react';
import styles from './Spinner.module.css';

/** Decorative: whatever is loading says so in text next to it (or in an aria-busy region). */
export function Spinner({ size = 16 }: { size?: number }) {
  return (
    <span aria-hidden="true" className={styles.spinner} style={{ '--size': `${size}px` } as CSSProperties} />
  );
}
