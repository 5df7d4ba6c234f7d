import {
  type Actor,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromCallback,
} from 'xstate';
import { appMachine, type FlowStarted, type FlowStopped } from '../src/machines/root/app.machine';
import type { ToastInput } from '../src/machines/root/toasts/toasts.machine';
import { SYSTEM_IDS } from '../src/machines/system';

export interface AppSystemRecord {
  /** What flows asked of the app (app.navigate, app.open, …). */
  app: EventObject[];
  session: EventObject[];
  toasts: EventObject[];
}

const standIns = new Set<() => void>();

/**
 * A stand-in of the app: the app's own root machine, with a session and a toast queue that only record what
 * they receive, and what only the browser can do (navigate, open, …) recorded in place of done. Its flows
 * start as useFlow starts a screen's (`run`: the root spawns each, by its machine's id) and stop through the
 * root (`stop`; only a flow's parent may stop it), so a test sees what a flow asked of the app. `stopStandIns`
 * ends every stand-in.
 */
export function standInApp({
  clock,
  onToast,
  session,
}: {
  clock?: ActorOptions<AnyStateMachine>['clock'];
  /** Each toast raised, as it is raised. */
  onToast?: (toast: ToastInput) => void;
  /** A session of the test's own in place of the recording one (e.g. one that runs a stand-in instance watch). */
  session?: AnyActorLogic;
} = {}) {
  const received: AppSystemRecord = { app: [], session: [], toasts: [] };
  const recorder = (into: EventObject[], also?: (event: EventObject) => void) =>
    fromCallback<EventObject>(({ receive }) =>
      receive((event) => {
        into.push(event);
        also?.(event);
      }),
    );
  const toastOf = (event: EventObject) => {
    if (event.type === 'toast.add') onToast?.((event as { toast: ToastInput } & EventObject).toast);
  };
  const asked = ({ event }: { event: EventObject }) => {
    received.app.push(event);
  };
  const root = createActor(
    appMachine.provide({
      actors: {
        session: (session ?? recorder(received.session)) as never,
        toasts: recorder(received.toasts, toastOf) as never,
      },
      actions: { navigate: asked, open: asked, reload: asked, print: asked, updateQuery: asked },
    }),
    // No clock given is the system's own (an undefined one would replace it).
    { input: { user: null }, systemId: SYSTEM_IDS.app, ...(clock ? { clock } : {}) },
  ).start();
  const flows = new Set<AnyActorRef>();
  const stop = (actor: AnyActorRef) => {
    if (!flows.delete(actor)) return;
    root.send({ type: 'flow.stop', actor } satisfies FlowStopped);
  };
  /** Starts a flow as the root's child; the system's clock is the root's. */
  const run = <T extends AnyStateMachine>(
    logic: T,
    options: Pick<ActorOptions<T>, 'input'> = {},
  ): Actor<T> => {
    root.send({ type: 'flow.start', id: logic.id, logic, input: options.input } satisfies FlowStarted);
    const children: Record<string, AnyActorRef | undefined> = root.getSnapshot().children;
    const actor = children[logic.id] as unknown as Actor<T>;
    flows.add(actor);
    return actor;
  };
  const end = () => {
    for (const actor of [...flows]) stop(actor);
    root.stop();
    standIns.delete(end);
  };
  standIns.add(end);
  return { root, received, run, stop, end };
}

/** Ends every stand-in app of the test (its flows first). */
export function stopStandIns(): void {
  for (const end of [...standIns]) end();
}

/** Starts a flow as a child of a stand-in app (see standInApp): `received` is what the app, the session and the toasts got. */
export function startInAppSystem<T extends AnyStateMachine>(
  logic: T,
  { clock, ...options }: ActorOptions<T> = {} as never,
) {
  const app = standInApp({ clock });
  const actor = app.run(logic, options as ActorOptions<T>);
  return { actor, root: app.root, received: app.received, stop: () => app.stop(actor) };
}

/**
 * A stand-in app whose toast queue hands each raised toast to `onToast`: the flows it runs (`run`) raise
 * their toasts there.
 */
export const recordToasts = (
  onToast: (toast: ToastInput) => void,
  clock?: ActorOptions<AnyStateMachine>['clock'],
) => standInApp({ clock, onToast });

/** Lets a flow's stand-in requests (resolved promises) answer before the test reads on. */
export const settle = () => new Promise((r) => setTimeout(r, 0));

/**
 * Starts a flow as its unit tests do, a child of a stand-in app whose toasts it records: `toasts` (in order),
 * `settle` to let its stand-in requests answer, `snap` for its snapshot now, `stop` to end it.
 */
export function startFlow<T extends AnyStateMachine>(logic: T, options?: ActorOptions<T>) {
  const toasts: ToastInput[] = [];
  const app = standInApp({ clock: options?.clock, onToast: (toast) => toasts.push(toast) });
  const actor = app.run(logic, options);
  return { actor, toasts, settle, snap: () => actor.getSnapshot(), stop: () => app.stop(actor) };
}

export type StandInApp = ReturnType<typeof standInApp>;

/**
 * Loads every flow module, so a flow that a started actor loads lazily (lazyActor) finds its code at once: an
 * import still under way when a test file ends fails after its environment has gone.
 */
export async function loadLazyFlows(): Promise<void> {
  const modules = import.meta.glob('../src/machines/**/*.machine.ts');
  await Promise.all(Object.values(modules).map((load) => load()));
}
