import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  getInitialMicrosteps,
  getMicrosteps,
} from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap } from 'xstate/graph';
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
 * Explores every reachable (state, event) edge of the machine's graph and reports which states and
 * transitions the model reaches. 100 % means every state and every transition is exercised.
 */
export function coverage<TInput>(machine: AnyStateMachine, options: ModelOptions<TInput>): Coverage {
  const events = [...options.events, ...implicitEvents(machine, options)];
  const serialize = options.serialize ?? ((s: AnyMachineSnapshot) => s.context);
  const inputs = [options.input, ...(options.inputs ?? [])];
  const edges = inputs.flatMap(
    (input) =>
      adjacencyMapToArray(
        getAdjacencyMap(machine, {
          input,
          events,
          serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.status, serialize(s)]),
          filterEvents: (s: AnyMachineSnapshot, e: EventObject) => s.can(e),
        } as never),
      ) as Array<{ state: AnyMachineSnapshot; event: EventObject; nextState: AnyMachineSnapshot }>,
  );

  const all = allTransitions(machine);
  const coveredTransitions = new Set<AnyTransitionDefinition>();
  const initial = inputs.flatMap((input) =>
    getInitialMicrosteps(machine, input as never).map(([s]) => s as AnyMachineSnapshot),
  );
  for (let i = 1; i < initial.length; i++)
    for (const t of taken(initial[i - 1] as AnyMachineSnapshot, null)) coveredTransitions.add(t);

  const allStates = new Set(stateNodes(machine).map((n) => n.id));
  const reached = new Set<string>();
  const visit = (s: AnyMachineSnapshot) => {
    for (const n of activeNodes(s)) if (n.id !== machine.id) reached.add(n.id);
  };
  for (const s of initial) visit(s);
  for (const { state, event, nextState } of edges) {
    visit(state);
    visit(nextState);
    // The event's transitions, then the eventless ones that follow it; transient states never rest in a
    // snapshot, so the microsteps are visited too. (Computed once per edge: the costliest step here.)
    const steps = getMicrosteps(machine, state as never, event as never).map(
      ([s]) => s as AnyMachineSnapshot,
    );
    for (const t of taken(state, event)) coveredTransitions.add(t);
    for (let i = 1; i < steps.length; i++)
      for (const t of taken(steps[i - 1] as AnyMachineSnapshot, null)) coveredTransitions.add(t);
    for (const s of steps) visit(s);
  }
  return {
    states: {
      total: allStates.size,
      covered: [...allStates].filter((id) => reached.has(id)).length,
      missing: [...allStates].filter((id) => !reached.has(id)),
    },
    transitions: {
      total: all.size,
      covered: [...all.keys()].filter((t) => coveredTransitions.has(t)).length,
      missing: [...all].filter(([t]) => !coveredTransitions.has(t)).map(([, k]) => k),
    },
  };
}
