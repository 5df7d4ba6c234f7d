import type { ElementType, HTMLAttributes, ReactNode, Ref } from 'react';
import styles from './Card.module.css';
import { classNames } from './classNames';

type Props = HTMLAttributes<HTMLElement> & { as?: ElementType; ref?: Ref<HTMLElement> };

/** Element and class: plain CSS, as these parts are on the sign-in page and its error display. */
const part = (defaultElement: ElementType, className: string | undefined) =>
  // biome-ignore lint/correctness/noComponentHookFactories: each part is made once, at module load
  function Part({ as: Element = defaultElement, className: extra, ...rest }: Props) {
    return <Element {...rest} className={classNames(className, extra)} />;
  };

export const Card = part('section', styles.card);
export const CardTitle = part('h2', styles.title);
export const Muted = part('p', styles.muted);
export const PageHeader = part('header', styles.pageHeader);
export const PageSubtitle = part('p', styles.pageSubtitle);

/** A screen's heading: its title with the line under it, and the screen's actions at the far end. */
export function ScreenHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  /** The line under the title, with its element (PageSubtitle, or Muted for the smaller one). */
  subtitle: ReactNode;
  children?: ReactNode;
}) {
  return (
    <PageHeader>
      <div>
        <h1>{title}</h1>
        {subtitle}
      </div>
      {children}
    </PageHeader>
  );
}
