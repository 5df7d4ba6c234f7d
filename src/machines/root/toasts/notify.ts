import type { ToastInput } from './toasts.machine';

type Sink = (toast: ToastInput) => void;
let sink: Sink | null = null;
let everConnected = false;
/** Raised at start-up, before the app has mounted its queue (a language that could not load): a few at most. */
const early: ToastInput[] = [];
const EARLY_LIMIT = 3;

/**
 * For code outside the machines (the language loader, which may fail before the app has mounted): the app
 * connects its toast queue once. Machines raise theirs in the app's actor system (raiseToast).
 */
export function connectToasts(next: Sink | null): void {
  sink = next;
  if (!next) return;
  everConnected = true;
  for (const toast of early.splice(0)) next(toast);
}

export function notify(toast: ToastInput): void {
  if (sink) sink(toast);
  else if (!everConnected && early.length < EARLY_LIMIT) early.push(toast);
}
