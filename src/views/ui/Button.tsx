import type { ButtonHTMLAttributes, ElementType, Ref } from 'react';
import styles from './Button.module.css';
import { classNames } from './classNames';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  block?: boolean;
  /** Another element or component with the button's look, e.g. a router Link (then give it an href). */
  as?: ElementType;
  href?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The one button of the product. Plain CSS rather than styled-components: it is on the sign-in page, which
 * must not load a CSS-in-JS runtime (the /login size budget).
 */
export function Button({ variant = 'secondary', size, block, as, className, ...rest }: ButtonProps) {
  const Element = as ?? 'button';
  return (
    <Element
      {...rest}
      // A button inside a form must not submit it unless asked to.
      type={Element === 'button' ? (rest.type ?? 'button') : rest.type}
      className={classNames(
        styles.button,
        styles[variant],
        size === 'sm' && styles.sm,
        block && styles.block,
        className,
      )}
    />
  );
}

/** A square button holding only an icon; it must get an aria-label. */
export function IconButton({ className, ...rest }: ButtonProps) {
  return <Button {...rest} className={classNames(styles.icon, className)} />;
}
