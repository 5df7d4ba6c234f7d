import {
  type ActorOptions,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromCallback,
  setup,
} from 'xstate';
import type { ToastInput } from '../src/machines/root/toasts/toasts.machine';
import { linkAppSystem, SYSTEM_IDS, unlinkAppSystem } from '../src/machines/system';

export interface AppSystemRecord {
  /** What flows asked of the app (app.navigate, app.open, …). */
  app: EventObject[];
  session: EventObject[];
  toasts: EventObject[];
}

/**
 * Starts a flow inside a stand-in of the app's actor system: the app root, the session and the toast queue
 * only record what they receive, so a test sees what the flow asked of them.
 */
export function startInAppSystem<T extends AnyStateMachine>(
  logic: T,
  { clock, ...options }: ActorOptions<T> = {} as never,
) {
  const received: AppSystemRecord = { app: [], session: [], toasts: [] };
  const recorder = (into: EventObject[]) =>
    fromCallback<EventObject>(({ receive }) => receive((event) => into.push(event)));
  const root = createActor(
    setup({
      actors: { session: recorder(received.session), toasts: recorder(received.toasts) },
    }).createMachine({
      invoke: [
        { id: SYSTEM_IDS.session, systemId: SYSTEM_IDS.session, src: 'session' },
        { id: SYSTEM_IDS.toasts, systemId: SYSTEM_IDS.toasts, src: 'toasts' },
      ],
      on: {
        '*': {
          actions: ({ event }) => {
            if (event.type.startsWith('app.')) received.app.push(event);
          },
        },
      },
    }),
    { systemId: SYSTEM_IDS.app, clock },
  ).start();
  const actor = createActor(logic, { ...options, parent: root } as never).start();
  return { actor, root, received };
}

let stopRecording: (() => void) | null = null;

/**
 * For flows started alone in a test: links a stand-in app system whose toast queue hands each raised toast to
 * `onToast` (in place of any earlier recorder).
 */
export function recordToasts(onToast: (toast: ToastInput) => void): void {
  stopRecordingToasts();
  const queue = createActor(
    fromCallback<EventObject>(({ receive }) =>
      receive((event) => {
        if (event.type === 'toast.add') onToast((event as { toast: ToastInput } & EventObject).toast);
      }),
    ),
    { systemId: SYSTEM_IDS.toasts },
  ).start();
  linkAppSystem(queue.system);
  stopRecording = () => {
    unlinkAppSystem(queue.system);
    queue.stop();
  };
}

export function stopRecordingToasts(): void {
  stopRecording?.();
  stopRecording = null;
}

/** Lets a flow's stand-in requests (resolved promises) answer before the test reads on. */
export const settle = () => new Promise((r) => setTimeout(r, 0));

/**
 * Starts a flow alone, as its unit tests do, with its toasts recorded: `toasts` (in order), `settle` to let
 * its stand-in requests answer, `snap` for its snapshot now.
 */
export function startFlow<T extends AnyStateMachine>(logic: T, options?: ActorOptions<T>) {
  const toasts: ToastInput[] = [];
  recordToasts((toast) => toasts.push(toast));
  const actor = createActor(logic, options as never).start();
  return { actor, toasts, settle, snap: () => actor.getSnapshot() };
}
