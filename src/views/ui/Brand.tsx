import { Trans } from '@lingui/react/macro';
import styles from './Brand.module.css';

/** Product mark and name; the early-launch tag says where the product stands. Plain CSS: on the sign-in page. */
export function Brand({ compact }: { compact?: boolean }) {
  return (
    <div className={styles.brand}>
      <span className={styles.mark} aria-hidden="true">
        I
      </span>
      {!compact && (
        <>
          <span>Influx</span>
          <span className={styles.tag}>
            <Trans>Early access</Trans>
          </span>
        </>
      )}
    </div>
  );
}
