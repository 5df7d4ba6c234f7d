import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { classNames } from './classNames';
import { CheckIcon } from './icons';
import styles from './MenuButton.module.css';

export type MenuPlacement = 'up' | 'down' | 'right';

export interface MenuOption<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  lang?: string;
}

/**
 * A menu button with one choice among a few (radio items), following the WAI-ARIA menu button pattern:
 * Enter, Space or Arrow Down open it on the checked item, arrows move, Home/End jump, Escape closes and returns
 * focus, Tab and clicks outside close it. Small on purpose: it sits on the sign-in page.
 */
export function RadioMenu<V extends string>({
  label,
  value,
  options,
  onChange,
  icon,
  triggerLabel,
  compact,
  placement = 'down',
}: {
  label: string;
  value: V;
  options: MenuOption<V>[];
  onChange: (value: V) => void;
  /** The button's icon; by default the checked option's. */
  icon?: ReactNode;
  triggerLabel: string;
  /** Only the icon on the button, with the menu's label as its tooltip. */
  compact?: boolean;
  placement?: MenuPlacement;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const checked = options.find((o) => o.value === value);

  const focusItem = (index: number) => {
    const count = options.length;
    items.current[((index % count) + count) % count]?.focus();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the checked item when opening, only then
  useEffect(() => {
    if (!open) return;
    focusItem(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    );
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const index = items.current.indexOf(document.activeElement as HTMLButtonElement);
    // A map, not an object: Biome reads capitalised keys holding functions as components defined in a render.
    const keys = new Map<string, () => void>([
      ['ArrowDown', () => focusItem(index + 1)],
      ['ArrowUp', () => focusItem(index - 1)],
      ['Home', () => focusItem(0)],
      ['End', () => focusItem(options.length - 1)],
      ['Escape', close],
      ['Tab', () => setOpen(false)],
    ]);
    const action = keys.get(e.key);
    if (!action) return;
    if (e.key !== 'Tab') e.preventDefault();
    action();
  };

  return (
    <div ref={wrap} className={styles.wrap}>
      <button
        ref={button}
        type="button"
        className={classNames(styles.trigger, compact && styles.compact)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={triggerLabel}
        title={compact ? label : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {icon ?? checked?.icon}
        {!compact && <span lang={checked?.lang}>{checked?.label}</span>}
      </button>
      {open && (
        <div
          id={id}
          role="menu"
          aria-label={label}
          className={classNames(styles.list, styles[placement])}
          onKeyDown={onMenuKey}
        >
          {options.map((option, i) => (
            <button
              key={option.value}
              className={styles.item}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={option.value === value}
              tabIndex={-1}
              lang={option.lang}
              onClick={() => {
                onChange(option.value);
                close();
              }}
            >
              {option.icon}
              {option.label}
              <CheckIcon className={styles.check} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
