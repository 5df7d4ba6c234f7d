import type { ReactNode } from 'react';
import styles from './Alert.module.css';
import { classNames } from './classNames';

/** The red box of spec section 8 (and its calmer siblings). Errors are announced as they appear. */
export function Alert({
  tone = 'danger',
  children,
  ...rest
}: {
  tone?: 'danger' | 'info' | 'success' | 'warning';
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div
      className={classNames(styles.alert, styles[tone])}
      role={tone === 'danger' ? 'alert' : 'status'}
      {...rest}
    >
      {children}
    </div>
  );
}
