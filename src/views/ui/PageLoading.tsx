import { Trans } from '@lingui/react/macro';
import { classNames } from './classNames';
import styles from './PageLoading.module.css';
import { Spinner } from './Spinner';

export function PageLoading({ fullPage }: { fullPage?: boolean }) {
  // Full page (no shell around it), it is the page's main region.
  const Element = fullPage ? 'main' : 'div';
  return (
    <Element
      className={classNames(styles.loading, fullPage && styles.fullPage)}
      role="status"
      aria-live="polite"
      // A screen's code is still loading: end-to-end tests wait for none of these before they time the screen.
      data-screen-loading=""
    >
      <Spinner size={20} />
      <span>
        <Trans>Loading…</Trans>
      </span>
    </Element>
  );
}
