import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled, { css, keyframes } from 'styled-components';
import type { ToastActor, ToastText, ToastVariant } from '../../machines/toasts/toasts.machine';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import { useText } from './text';

const slideIn = keyframes`from { transform: translateY(-8px); opacity: 0; } to { transform: none; opacity: 1; }`;

// Top right, above dialogs but clear of their footers (bottom right covered dialog buttons); below the
// mobile top bar.
const Region = styled.div`
  position: fixed;
  z-index: 60;
  right: ${({ theme }) => theme.space(4)};
  top: ${({ theme }) => theme.space(4)};
  @media (max-width: 768px) {
    top: 64px;
  }
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: min(380px, calc(100vw - 32px));
  pointer-events: none;
`;

const tone = (v: ToastVariant) => (v === 'error' || v === 'destructive' ? 'danger' : v);

const Item = styled.div<{ $variant: ToastVariant; $closing: boolean }>`
  pointer-events: auto;
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)}
    ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $variant }) => theme.color[tone($variant)]};
  border-left-width: 4px;
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.pop};
  animation: ${slideIn} ${({ theme }) => theme.motion.normal};
  transition: opacity ${({ theme }) => theme.motion.normal};
  ${({ $closing }) =>
    $closing &&
    css`
      opacity: 0;
    `}
  > svg { color: ${({ theme, $variant }) => theme.color[tone($variant)]}; margin-top: 2px; }
  strong { display: block; font-weight: ${({ theme }) => theme.font.weight.bold}; }
  p { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const Close = styled.button`
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 4px;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
`;

function ToastItem({ actor, render }: { actor: ToastActor; render: (t: ToastText) => string }) {
  const { t } = useLingui();
  const toast = useSelector(actor, (s) => s.context.toast);
  const closing = useSelector(actor, (s) => s.hasTag('closing'));
  const urgent = toast.variant === 'error' || toast.variant === 'destructive';
  const Icon =
    urgent || toast.variant === 'warning' ? AlertIcon : toast.variant === 'success' ? CheckIcon : InfoIcon;
  return (
    <Item
      $variant={toast.variant}
      $closing={closing}
      data-variant={toast.variant}
      // Errors interrupt (alert); the rest are read politely by the region around them.
      role={urgent ? 'alert' : undefined}
      onMouseEnter={() => actor.send({ type: 'toast.pause' })}
      onMouseLeave={() => actor.send({ type: 'toast.resume' })}
      onFocus={() => actor.send({ type: 'toast.pause' })}
      onBlur={() => actor.send({ type: 'toast.resume' })}
      onKeyDown={(e) => {
        if (e.key === 'Escape') actor.send({ type: 'toast.dismiss' });
      }}
    >
      <Icon />
      <div>
        <strong>{render(toast.title)}</strong>
        {toast.description && <p>{render(toast.description)}</p>}
      </div>
      <Close aria-label={t`Dismiss notification`} onClick={() => actor.send({ type: 'toast.dismiss' })}>
        <CloseIcon size={16} />
      </Close>
    </Item>
  );
}

/** Renders the toast queue: newest nearest the corner, each announced to screen readers. */
export function Toaster({ toasts }: { toasts: ToastActor[] }) {
  const { t } = useLingui();
  const render = useText();
  return (
    <Region aria-label={t`Notifications`} role="region" aria-live="polite" aria-relevant="additions">
      {toasts.map((actor) => (
        <ToastItem key={actor.id} actor={actor} render={render} />
      ))}
    </Region>
  );
}
