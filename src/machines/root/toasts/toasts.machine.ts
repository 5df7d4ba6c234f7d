import type { MessageDescriptor } from '@lingui/core';
import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate';
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../constants';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info' | 'destructive';

/** Texts are message descriptors (translated by the view) or text from the server, shown as it is. */
export type ToastText = MessageDescriptor | string;

export interface ToastInput {
  variant: ToastVariant;
  title: ToastText;
  description?: ToastText | null;
  /** Milliseconds before it dismisses itself; 0 keeps it until dismissed. */
  duration?: number;
}

export interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: string;
  description: ToastText | null;
}

/** One toast: open until its duration runs out (or it is dismissed), then closing, then removed. */
export const toastMachine = setup({
  types: {
    context: {} as { toast: Toast },
    input: {} as Toast,
    events: {} as { type: 'toast.dismiss' } | { type: 'toast.pause' } | { type: 'toast.resume' },
  },
  delays: {
    duration: ({ context }) => context.toast.duration,
    removeDelay: TOAST_REMOVE_DELAY_MS,
  },
  guards: {
    dismissesItself: ({ context }) => context.toast.duration > 0,
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({ toast: input }),
  initial: 'open',
  states: {
    open: {
      initial: 'running',
      states: {
        running: {
          after: { duration: { guard: 'dismissesItself', target: '#toast.closing' } },
          on: { 'toast.pause': 'paused' },
        },
        // Hover or focus holds the timer so a toast being read does not vanish; it restarts on leave.
        paused: { on: { 'toast.resume': 'running' } },
      },
      on: { 'toast.dismiss': 'closing' },
    },
    closing: {
      tags: ['closing'],
      after: { removeDelay: 'removed' },
    },
    // Reaching the end tells the queue (xstate.done.actor.<id>) to drop it.
    removed: { type: 'final' },
  },
});

export type ToastActor = ActorRefFrom<typeof toastMachine>;

export type ToastsEvent =
  | { type: 'toast.add'; toast: ToastInput }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.dismissAll' }
  | { type: `xstate.done.actor.${string}` };

const DONE_PREFIX = 'xstate.done.actor.';

/** The queue: at most TOAST_LIMIT toasts, oldest dropped first; each toast runs its own timers. */
export const toastsMachine = setup({
  types: {
    context: {} as { toasts: ToastActor[]; nextId: number },
    events: {} as ToastsEvent,
  },
  actors: { toast: toastMachine },
  actions: {
    addToast: assign(({ context, event, spawn }) => {
      if (event.type !== 'toast.add') return {};
      const id = `toast-${context.nextId}`;
      const toast: Toast = {
        id,
        variant: event.toast.variant,
        title: event.toast.title,
        description: event.toast.description ?? null,
        duration: event.toast.duration ?? TOAST_DEFAULT_DURATION_MS,
      };
      const actor = spawn('toast', { id, input: toast });
      return { toasts: [actor, ...context.toasts], nextId: context.nextId + 1 };
    }),
    dropOverflow: enqueueActions(({ context, enqueue }) => {
      if (context.toasts.length <= TOAST_LIMIT) return;
      for (const extra of context.toasts.slice(TOAST_LIMIT)) enqueue.stopChild(extra);
      enqueue.assign({ toasts: context.toasts.slice(0, TOAST_LIMIT) });
    }),
    forwardDismiss: ({ context, event }) => {
      if (event.type !== 'toast.dismiss') return;
      context.toasts.find((t) => t.id === event.id)?.send({ type: 'toast.dismiss' });
    },
    dismissAll: ({ context }) => {
      for (const t of context.toasts) t.send({ type: 'toast.dismiss' });
    },
    removeToast: assign({
      toasts: ({ context, event }) => {
        const id = event.type.slice(DONE_PREFIX.length);
        return context.toasts.filter((t) => t.id !== id);
      },
    }),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  on: {
    'toast.add': { actions: ['addToast', 'dropOverflow'] },
    'toast.dismiss': { actions: 'forwardDismiss' },
    'toast.dismissAll': { actions: 'dismissAll' },
    'xstate.done.actor.*': { actions: 'removeToast' },
  },
});
