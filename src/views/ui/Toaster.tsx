import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ToastActor, ToastText, ToastVariant } from '../../machines/root/toasts/toasts.machine';
import { classNames } from './classNames';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import styles from './Toaster.module.css';
import { useText } from './text';

const tone = (v: ToastVariant) => (v === 'error' || v === 'destructive' ? 'danger' : v);

function ToastItem({ actor, render }: { actor: ToastActor; render: (t: ToastText) => string }) {
  const { t } = useLingui();
  const toast = useSelector(actor, (s) => s.context.toast);
  const closing = useSelector(actor, (s) => s.hasTag('closing'));
  const urgent = toast.variant === 'error' || toast.variant === 'destructive';
  const Icon =
    urgent || toast.variant === 'warning' ? AlertIcon : toast.variant === 'success' ? CheckIcon : InfoIcon;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer; Escape comes from the close button inside
    <div
      className={classNames(styles.toast, styles[tone(toast.variant)], closing && styles.closing)}
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
      <button
        type="button"
        className={styles.close}
        aria-label={t`Dismiss notification`}
        onClick={() => actor.send({ type: 'toast.dismiss' })}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/** Renders the toast queue: newest nearest the corner, each announced to screen readers. */
export function Toaster({ toasts }: { toasts: ToastActor[] }) {
  const { t } = useLingui();
  const render = useText();
  return (
    <section
      className={styles.region}
      aria-label={t`Notifications`}
      aria-live="polite"
      aria-relevant="additions"
    >
      {toasts.map((actor) => (
        <ToastItem key={actor.id} actor={actor} render={render} />
      ))}
    </section>
  );
}
