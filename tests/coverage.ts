import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  getInitialMicrosteps,
  getMicrosteps,
  initialTransition,
} from 'xstate';
import { activeNodes, implicitEvents, type ModelOptions, stateNodes } from '../src/machines/model';

/** A transition's stable name: its source state, its event (or "always") and its place among alternatives. */
const keyOf = (t: AnyTransitionDefinition, index: number) =>
  `${t.source.id} --${t.eventType || 'always'}[${index}]--> ${(t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)'}`;

/** Every transition the machine defines, guarded alternatives counted one by one. */
export function allTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const all = new Map<AnyTransitionDefinition, string>();
  for (const node of [machine.root, ...stateNodes(machine)]) {
    for (const [, list] of node.transitions) {
      list.forEach((t, i) => {
        all.set(t, keyOf(t, i));
      });
    }
    (node.always ?? []).forEach((t, i) => {
      all.set(t, keyOf(t, i));
    });
  }
  return all;
}

type Guard = unknown;
/** The guard semantics of xstate's own evaluateGuard (named, inline and built-in and/or/not guards). */
function guardPasses(guard: Guard, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  if (guard === undefined) return true;
  const { machine, context } = snapshot;
  const inline = typeof guard === 'function';
  const named = guard as string | { type: string; params?: unknown };
  const resolved = inline
    ? guard
    : machine.implementations.guards[typeof named === 'string' ? named : named.type];
  if (typeof resolved !== 'function') return guardPasses(resolved, snapshot, event);
  const params = inline || typeof named === 'string' ? undefined : named.params;
  const fn = resolved as ((args: unknown, params: unknown) => boolean) & {
    check?: (s: AnyMachineSnapshot, args: unknown, self: unknown) => boolean;
  };
  return fn.check ? fn.check(snapshot, { context, event }, fn) : fn({ context, event }, params);
}

/** The transitions an event takes from a snapshot: per active leaf, the first enabled one walking up. */
function taken(snapshot: AnyMachineSnapshot, event: EventObject | null): AnyTransitionDefinition[] {
  const nodes = activeNodes(snapshot).filter((n) => n.type === 'atomic' || n.type === 'final');
  const out = new Set<AnyTransitionDefinition>();
  for (const leaf of nodes) {
    for (let node: AnyStateNode | undefined = leaf; node; node = node.parent) {
      const candidates: AnyTransitionDefinition[] = event
        ? [...(node.transitions.get(event.type) ?? []), ...(node.transitions.get('*') ?? [])]
        : (node.always ?? []);
      const hit = candidates.find((t) => guardPasses(t.guard, snapshot, event ?? { type: '' }));
      if (hit) {
        out.add(hit);
        break;
      }
    }
  }
  return [...out];
}

export interface Coverage {
  states: { total: number; covered: number; missing: string[] };
  transitions: { total: number; covered: number; missing: string[] };
}

/**
 * Walks the machine's graph breadth first over every (state, event) edge the model allows and reports which
 * states and transitions it reaches; 100 % means every state and every transition is exercised. Each edge is
 * computed once, microsteps and all (the eventless steps after an event, and transient states that never rest
 * in a snapshot), and the walk ends as soon as nothing is left to reach: a model with thousands of context
 * classes covers its machine long before it has walked them all. An incomplete model is walked to the end, so
 * what it misses is what no edge reaches.
 */
export function coverage<TInput>(machine: AnyStateMachine, options: ModelOptions<TInput>): Coverage {
  const finer = options.coverage ?? {};
  const events = [...options.events, ...(finer.events ?? []), ...implicitEvents(machine, options)];
  const serialize = finer.serialize ?? options.serialize ?? ((s: AnyMachineSnapshot) => s.context);
  const keyOfState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.status, serialize(s)]);
  const inputs = [options.input, ...(options.inputs ?? []), ...(finer.inputs ?? [])];

  const all = allTransitions(machine);
  const coveredTransitions = new Set<AnyTransitionDefinition>();
  const allStates = new Set(stateNodes(machine).map((n) => n.id));
  const reached = new Set<string>();
  const visit = (s: AnyMachineSnapshot) => {
    for (const n of activeNodes(s)) if (allStates.has(n.id)) reached.add(n.id);
  };
  const cover = (steps: AnyMachineSnapshot[], first: AnyMachineSnapshot, event: EventObject | null) => {
    const add = (ts: AnyTransitionDefinition[]) => {
      for (const t of ts) if (all.has(t)) coveredTransitions.add(t);
    };
    if (event) add(taken(first, event));
    for (let i = 1; i < steps.length; i++) add(taken(steps[i - 1] as AnyMachineSnapshot, null));
    for (const s of steps) visit(s);
  };
  const complete = () => reached.size === allStates.size && coveredTransitions.size === all.size;

  const queue: AnyMachineSnapshot[] = [];
  for (const input of inputs) {
    const initial = getInitialMicrosteps(machine, input as never).map(([s]) => s as AnyMachineSnapshot);
    cover(initial, initial[0] as AnyMachineSnapshot, null);
    queue.push(initialTransition(machine, input as never)[0] as AnyMachineSnapshot);
  }
  const seen = new Set<string>();
  for (let next = 0; next < queue.length && !complete(); next++) {
    const state = queue[next] as AnyMachineSnapshot;
    const key = keyOfState(state);
    if (seen.has(key)) continue;
    seen.add(key);
    visit(state);
    for (const event of events) {
      if (!state.can(event)) continue;
      const steps = getMicrosteps(machine, state as never, event as never).map(
        ([s]) => s as AnyMachineSnapshot,
      );
      cover(steps, state, event);
      // The event's snapshot at rest is its last microstep (none: the event changed nothing).
      queue.push(steps.at(-1) ?? state);
    }
  }
  return {
    states: {
      total: allStates.size,
      covered: reached.size,
      missing: [...allStates].filter((id) => !reached.has(id)),
    },
    transitions: {
      total: all.size,
      covered: [...all.keys()].filter((t) => coveredTransitions.has(t)).length,
      missing: [...all].filter(([t]) => !coveredTransitions.has(t)).map(([, k]) => k),
    },
  };
}
