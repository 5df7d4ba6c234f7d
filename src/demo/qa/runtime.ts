import type { AnyActorRef, AnyStateMachine, EventObject, InspectionEvent, Snapshot } from 'xstate';
import { restoredStart, runsChild, startingFrom } from './restore';

/**
 * What the QA tools know about the running app (demo and development builds only): the live machine
 * actors by flow id, a timeline of their transitions, and snapshots waiting to be restored by a jump.
 */
export interface LiveFlow {
  id: string;
  actor: AnyActorRef;
  logic: AnyStateMachine;
}

export interface TimelineEntry {
  flow: string;
  at: number;
  event: EventObject;
  state: unknown;
}

const TIMELINE_LIMIT = 200;
const live = new Map<string, LiveFlow>();
const pendingRestore = new Map<string, Snapshot<unknown>>();
/** A flow as it was when one of its children was jumped: it restarts from there, with the child restored. */
const restoreBases = new Map<string, Snapshot<unknown>>();
/** Flows that started from the snapshot left for them (themselves, or as a child in their parent's). */
const restored = new Set<string>();
/** Snapshots already waited for once more (see register). */
const retried = new WeakSet<Snapshot<unknown>>();
let timeline: TimelineEntry[] = [];
let generation = 0;
let scenario = 'happy';
let version = 0;
const listeners = new Set<() => void>();
let telling = false;

/**
 * Something the tools show changed: the panel hears of it once the current work is done. The inspector
 * reports while a screen renders (a screen starts its flow then), and React must not be told of a change to
 * another component in the middle of rendering one.
 */
function changed() {
  version++;
  if (telling) return;
  telling = true;
  queueMicrotask(() => {
    telling = false;
    for (const l of listeners) l();
  });
}

export const qaRuntime = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Changes whenever flows, their states or the timeline change (for useSyncExternalStore). */
  version: () => version,
  /** Bumped by a jump so the screens remount and pick up restored snapshots. */
  generation: () => generation,
  flows: () => [...live.values()],
  timeline: () => timeline,

  /** How a flow starts: from a snapshot a jump left for it (or for its children), inspected. */
  startOptions(id: string, logic: AnyStateMachine, input: unknown) {
    const get = (flow: string) => {
      const snapshot = pendingRestore.get(flow);
      if (snapshot) restored.add(flow);
      return snapshot;
    };
    const snapshot =
      pendingRestore.size > 0 ? restoredStart(get, id, logic, input, restoreBases.get(id)) : undefined;
    return { ...(snapshot ? { snapshot } : {}), inspect: qaRuntime.inspector() };
  },

  startingLogic<T extends AnyStateMachine>(id: string, logic: T, input: unknown): T {
    const { snapshot } = qaRuntime.startOptions(id, logic, input);
    return snapshot ? startingFrom(logic, snapshot) : logic;
  },

  /** A flow runs: the tools see it, and a snapshot left for it is used up. */
  register(id: string, actor: AnyActorRef, logic: AnyStateMachine): () => void {
    // A flow its screen starts only in some state (the test chat, once a saved bot is open) was not there
    // when a state link's snapshot was left for it: now that it runs, it is restored into its screen.
    const waiting = pendingRestore.get(id);
    if (waiting && !restored.has(id) && !retried.has(waiting)) {
      retried.add(waiting);
      queueMicrotask(() => qaRuntime.restore(id, waiting));
    }
    restored.delete(id);
    pendingRestore.delete(id);
    restoreBases.delete(id);
    live.set(id, { id, actor, logic });
    const sub = actor.subscribe(() => changed());
    changed();
    return () => {
      sub.unsubscribe();
      if (live.get(id)?.actor === actor) live.delete(id);
      changed();
    };
  },

  inspector() {
    return (event: InspectionEvent) => {
      if (event.type !== '@xstate.snapshot') return;
      // A flow is a machine actor named as its machine (useFlow, and screen machines invoking flows by id);
      // the actors a flow runs (calls, timers, toasts) are not.
      const actor = event.actorRef as { id?: string; logic?: { id?: string } };
      if (!actor.id || actor.id !== actor.logic?.id) return;
      const snapshot = event.snapshot as { value?: unknown };
      timeline = [
        ...timeline.slice(-(TIMELINE_LIMIT - 1)),
        { flow: actor.id, at: Date.now(), event: event.event, state: snapshot.value },
      ];
      changed();
    };
  },

  /** Restores a flow to a snapshot by remounting the screens (their flows start from pending snapshots). */
  restore(id: string, snapshot: Snapshot<unknown>) {
    pendingRestore.set(id, snapshot);
    for (const flow of live.values()) {
      const persisted = flow.actor.getPersistedSnapshot();
      if (flow.id !== id && runsChild(persisted, id)) restoreBases.set(flow.id, persisted);
    }
    generation++;
    changed();
  },

  /** The mock backend's scenario of this tab. */
  scenario: () => scenario,
  setScenario(name: string) {
    scenario = name;
    changed();
  },

  clearTimeline() {
    timeline = [];
    changed();
  },
};

export type QaRuntime = typeof qaRuntime;
