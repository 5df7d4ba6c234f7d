import {
  type AnyActor,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  type EventObject,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../api/errors';

/** The state nodes a snapshot is in, its machine's root included (xstate keeps them, unpublished, in _nodes). */
export const activeNodes = (snapshot: unknown): AnyStateNode[] =>
  (snapshot as { _nodes?: AnyStateNode[] })._nodes ?? [];

/** Every state node of a machine below its root. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

const ALTERNATIVES = Symbol('alternatives');
type Alternatives<T> = { [ALTERNATIVES]: T[] };

/** Several answers worth exploring for one invoked actor, e.g. oneOf(error401, networkError). */
export const oneOf = <T>(...values: T[]): Alternatives<T> => ({ [ALTERNATIVES]: values });
const variants = (v: unknown): unknown[] =>
  v !== null && typeof v === 'object' && ALTERNATIVES in v ? (v as Alternatives<unknown>)[ALTERNATIVES] : [v];

export interface ImplicitEventOptions {
  /** Output of each invoked actor (by invoke id) for its done event; oneOf(...) for several. */
  outputs?: Record<string, unknown>;
  /** Errors of invoked actors (by invoke id), oneOf(...) for several; a generic error by default. */
  errors?: Record<string, unknown>;
}

/** What a failing call looks like by default: the server's 500, as the QA tools then show it. */
const serverError = (invokeId: string) =>
  new ApiError({ kind: 'http', status: 500, endpoint: invokeId, message: 'Internal server error' });

/** A server without the call (an extension it lacks): a 404 as an unrouted path gets it. */
export const notOfferedError = (invokeId: string) =>
  new ApiError({ kind: 'http', status: 404, endpoint: invokeId, message: `Cannot GET ${invokeId}` });

/** An extension's call failing both ways: the server's 500, and a server that does not offer it. */
export const failingOrNotOffered = (invokeId: string) =>
  oneOf(serverError(invokeId), notOfferedError(invokeId));

/**
 * The events graph traversal cannot know by itself: timers firing (xstate.after.*) and invoked actors
 * finishing (xstate.done.actor.*) or failing (xstate.error.actor.*). Invoke ids must be explicit.
 */
export function implicitEvents(machine: AnyStateMachine, options: ImplicitEventOptions = {}): EventObject[] {
  const events = new Map<string, EventObject>();
  for (const node of stateNodes(machine)) {
    for (const t of node.after) events.set(t.eventType, { type: t.eventType });
    for (const inv of node.invoke) {
      const done = `xstate.done.actor.${inv.id}`;
      const error = `xstate.error.actor.${inv.id}`;
      variants(options.outputs?.[inv.id]).forEach((output, i) => {
        events.set(`${done}#${i}`, { type: done, output } as EventObject);
      });
      variants(options.errors?.[inv.id] ?? serverError(inv.id)).forEach((e, i) => {
        events.set(`${error}#${i}`, { type: error, error: e } as EventObject);
      });
    }
  }
  return [...events.values()];
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'provide' in logic;

/**
 * Actors that never settle, so a replay is driven only by the events of the path. Child machines stay
 * machines (with inert actors of their own): a restored flow hands their snapshots to the real logic, which
 * could not read a promise's snapshot.
 */
export function inertActors(machine: AnyStateMachine): Record<string, AnyActorLogic> {
  const actors: Record<string, AnyActorLogic> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors ?? {})) {
    actors[name] = isMachine(logic)
      ? logic.provide({ actors: inertActors(logic) })
      : fromPromise(() => new Promise(() => {}));
  }
  return actors;
}

export interface ModelOptions<TInput> extends ImplicitEventOptions {
  input?: TInput;
  /** Further inputs to start from, for machines whose start depends on input (coverage explores all). */
  inputs?: TInput[];
  /** The machine's own events, with the payloads worth exploring. */
  events: Array<EventObject & Record<string, unknown>>;
  /**
   * What makes two snapshots the same vertex of the graph. By default the state value and the whole
   * context; machines with counters or free text give a coarser view so the graph stays finite.
   */
  serialize?: (snapshot: AnyMachineSnapshot) => unknown;
  /**
   * What transition coverage needs beyond the graph the views are checked on: events the machine raises
   * itself (the coverage walker sees the steps after an event only as eventless ones), further starts, and a
   * finer vertex where a guard reads what the views do not show. The views stay on the coarse graph, so each
   * of their states is checked once.
   */
  coverage?: {
    events?: Array<EventObject & Record<string, unknown>>;
    inputs?: TInput[];
    serialize?: (snapshot: AnyMachineSnapshot) => unknown;
  };
}

/** The model's graph: its events, and what makes a snapshot a vertex of it. */
function graphOf<TInput>(machine: AnyStateMachine, options: ModelOptions<TInput>) {
  const serialize = options.serialize ?? ((s: AnyMachineSnapshot) => s.context);
  return {
    events: [...options.events, ...implicitEvents(machine, options)],
    vertex: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.status, serialize(s)]),
    // Only events the state handles: a live actor fails on an unhandled xstate.error.actor.* event.
    handles: (s: AnyMachineSnapshot, event: EventObject) => s.can(event),
  };
}

export function modelPaths<TInput>(machine: AnyStateMachine, options: ModelOptions<TInput>) {
  const { events, vertex, handles } = graphOf(machine, options);
  const traversal = { input: options.input, events, serializeState: vertex, filterEvents: handles } as never;
  // Shortest paths reach every vertex; simple paths are exponential and not needed for coverage.
  return { shortest: getShortestPaths(machine, traversal) };
}

/**
 * The events of a shortest path from the model's start to a snapshot `wanted` accepts, or null when none is
 * reachable. Breadth first, in the order the graph's own traversal takes, and it stops at the first one found:
 * mapping the whole graph of a large model (thousands of vertices) takes seconds, a jump should not.
 */
export function shortestEventsTo<TInput>(
  machine: AnyStateMachine,
  options: ModelOptions<TInput>,
  wanted: (snapshot: AnyMachineSnapshot) => boolean,
): EventObject[] | null {
  const { events, vertex, handles } = graphOf(machine, options);
  const start = getInitialSnapshot(machine, options.input) as AnyMachineSnapshot;
  if (wanted(start)) return [];
  const seen = new Set([vertex(start)]);
  let frontier: Array<{ snapshot: AnyMachineSnapshot; path: EventObject[] }> = [
    { snapshot: start, path: [] },
  ];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { snapshot, path } of frontier) {
      for (const event of events) {
        if (!handles(snapshot, event)) continue;
        const after = getNextSnapshot(machine, snapshot, event) as AnyMachineSnapshot;
        const key = vertex(after);
        if (seen.has(key)) continue;
        seen.add(key);
        if (wanted(after)) return [...path, event];
        next.push({ snapshot: after, path: [...path, event] });
      }
    }
    frontier = next;
  }
  return null;
}

type Path = ReturnType<typeof getShortestPaths>[number];

/**
 * Runs a generated path against a live actor (inert invokes, timers as events) and reads its end. The actor
 * is a root of its own system: what the replayed flow asks of the app, the session or the toasts goes nowhere.
 */
function replayEvents<TInput, TResult>(
  machine: AnyStateMachine,
  events: EventObject[],
  input: TInput,
  read: (actor: AnyActor) => TResult,
): TResult {
  const actor = createActor(machine.provide({ actors: inertActors(machine) }), { input } as never).start();
  for (const event of events) actor.send(event);
  const result = read(actor);
  actor.stop();
  return result;
}

/** A generated path's events after the start (its first step is the machine's own xstate.init). */
const eventsOf = (path: Path) => path.steps.slice(1).map((step) => step.event);

/** The snapshot at the end of a generated path. */
export function replay<TInput>(machine: AnyStateMachine, path: Path, input?: TInput) {
  return replayEvents(machine, eventsOf(path), input, (actor) => actor.getSnapshot());
}

/** State node ids reached by a set of paths, and those defined; equal sets mean every state is reached. */
export function stateCoverage(machine: AnyStateMachine, paths: Path[]) {
  const all = new Set(stateNodes(machine).map((n) => n.id));
  const reached = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      for (const node of activeNodes(step.state)) {
        if (node.id !== machine.id) reached.add(node.id);
      }
    }
  }
  // A transient state (only eventless transitions) is never at rest in a snapshot: it counts as reached
  // when a state it leads to is.
  for (const node of stateNodes(machine)) {
    const transient = node.always && node.always.length > 0 && node.transitions.size === 0;
    if (transient && node.always?.some((t) => t.target?.some((target) => reached.has(target.id))))
      reached.add(node.id);
  }
  return { all, reached, missing: [...all].filter((id) => !reached.has(id)) };
}

/** A flow's model: what the model-based tests, the coverage report and the QA tools explore. */
export interface FlowModel<TInput = unknown> extends ModelOptions<TInput> {
  /** The flow id the views register under (useFlow). */
  id: string;
  machine: AnyStateMachine;
}

/**
 * The persisted snapshot at the end of the shortest path to a state node (by id), for restoring a flow. The
 * model's first input is tried first, then its other inputs (some states need one, e.g. a missing session id).
 */
export function snapshotFor(model: FlowModel, stateNodeId: string) {
  const active = (s: unknown) => activeNodes(s).some((n) => n.id === stateNodeId);
  for (const input of [model.input, ...(model.inputs ?? [])]) {
    const events = shortestEventsTo(model.machine, { ...model, input }, active);
    if (!events) continue;
    const persisted = replayEvents(model.machine, events, input, (actor) => actor.getPersistedSnapshot());
    return { persisted, input, events };
  }
  return null;
}
