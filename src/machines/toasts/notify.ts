import type { ToastInput } from './toasts.machine';

type Sink = (toast: ToastInput) => void;
let sink: Sink | null = null;

/** The app connects its toast queue once; machines then raise toasts through notify(). */
export function connectToasts(next: Sink | null): void {
  sink = next;
}

export function notify(toast: ToastInput): void {
  sink?.(toast);
}
