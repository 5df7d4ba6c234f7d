import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { CheckIcon } from './icons';

export type MenuPlacement = 'up' | 'down' | 'right';

const Wrap = styled.div`
  position: relative;
`;

export const MenuTrigger = styled.button<{ $compact?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  width: ${({ $compact }) => ($compact ? '40px' : '100%')};
  min-height: 40px;
  padding: 0 ${({ theme, $compact }) => ($compact ? '0' : theme.space(3))};
  justify-content: ${({ $compact }) => ($compact ? 'center' : 'flex-start')};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
  &[aria-expanded='true'] { border-color: ${({ theme }) => theme.color.primary}; }
`;

const placements = {
  up: css`bottom: calc(100% + 6px); left: 0;`,
  down: css`top: calc(100% + 6px); right: 0;`,
  right: css`bottom: 0; left: calc(100% + 6px);`,
};

const List = styled.ul<{ $placement: MenuPlacement }>`
  position: absolute;
  ${({ $placement }) => placements[$placement]}
  z-index: 70;
  min-width: 180px;
  margin: 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.pop};
`;

const Item = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  text-align: start;
  cursor: pointer;
  &:hover, &:focus-visible { background: ${({ theme }) => theme.color.surfaceHover}; outline: none; }
  .check { margin-left: auto; visibility: hidden; color: ${({ theme }) => theme.color.primary}; }
  &[aria-checked='true'] .check { visibility: visible; }
`;

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
  trigger,
  triggerLabel,
  title,
  compact,
  placement = 'down',
}: {
  label: string;
  value: V;
  options: MenuOption<V>[];
  onChange: (value: V) => void;
  trigger: ReactNode;
  triggerLabel: string;
  title?: string;
  compact?: boolean;
  placement?: MenuPlacement;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);

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
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusItem(index + 1),
      ArrowUp: () => focusItem(index - 1),
      Home: () => focusItem(0),
      End: () => focusItem(options.length - 1),
      Escape: close,
      Tab: () => setOpen(false),
    };
    const action = keys[e.key];
    if (!action) return;
    if (e.key !== 'Tab') e.preventDefault();
    action();
  };

  return (
    <Wrap ref={wrap}>
      <MenuTrigger
        ref={button}
        type="button"
        $compact={compact}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={triggerLabel}
        title={title}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger}
      </MenuTrigger>
      {open && (
        <List id={id} role="menu" aria-label={label} $placement={placement} onKeyDown={onMenuKey}>
          {options.map((option, i) => (
            <li key={option.value} role="none">
              <Item
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
                <CheckIcon className="check" />
              </Item>
            </li>
          ))}
        </List>
      )}
    </Wrap>
  );
}
