import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, type AnyStateNode, createActor, type EventObject } from 'xstate';
import {
  type FlowModel,
  inertActors,
  modelPaths,
  activeNodes as nodesOf,
  stateNodes,
} from '../src/machines/model';
import type { StandInApp } from './appSystem';

/**
 * What the user sees in one state, written down independently of the machine: replaying the model's paths
 * proves the machine agrees. Comparing a replay with the graph of the same machine only proves that XState
 * is deterministic; these views are what makes a wrong target, a dropped action or an inverted guard fail.
 */
export interface StateView<S extends AnyMachineSnapshot = AnyMachineSnapshot> {
  /** Tags this state adds (the snapshot's tags must be exactly those of its active states). */
  tags?: string[];
  /**
   * Event types of the model that the user can send here (`snapshot.can`), beyond those its ancestors list:
   * the buttons that are enabled. A function when a guard on the context decides.
   */
  enabled?: string[] | ((snapshot: S) => string[]);
  /**
   * The actors running while here (invoked or spawned, by source name), each with an assertion on its input
   * (a machine child gets its snapshot): what was called, and with what.
   */
  runs?: Record<string, (input: never, snapshot: S) => void>;
  /** Anything else the user sees here: the message descriptor in context, the data shown. */
  shows?: (snapshot: S) => void;
}

/** Views by state path relative to the machine ('open.link.creating'); '*' is the machine itself. */
export type StateViews<S extends AnyMachineSnapshot = AnyMachineSnapshot> = Record<string, StateView<S>>;

const MACHINE = '*';

/** The state nodes a snapshot is in, below its machine's root. */
const activeNodes = (snapshot: AnyMachineSnapshot) => nodesOf(snapshot).filter((n) => n.parent);

const keyOf = (node: AnyStateNode) => node.path.join('.');

const enabledIn = (view: StateView | undefined, snapshot: AnyMachineSnapshot): string[] => {
  const e = view?.enabled ?? [];
  return typeof e === 'function' ? e(snapshot) : e;
};

/** Checks a snapshot against the views of its active states (and the machine's own view). */
export function expectStateView(model: FlowModel, views: StateViews, snapshot: AnyMachineSnapshot) {
  const nodes = activeNodes(snapshot);
  const keys = [MACHINE, ...nodes.map(keyOf)];
  for (const key of keys.slice(1)) expect(views[key], `a view of state "${key}"`).toBeDefined();
  const active = keys.map((k) => views[k]).filter((v): v is StateView => v !== undefined);
  const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();
  const where = `in ${JSON.stringify(snapshot.value)}`;

  expect(sorted(snapshot.tags), `tags ${where}`).toEqual(sorted(active.flatMap((v) => v.tags ?? [])));

  const types = sorted(model.events.map((e) => e.type));
  const canSend = types.filter((type) =>
    model.events.some((e) => e.type === type && snapshot.can(e as EventObject)),
  );
  expect(canSend, `enabled events ${where}`).toEqual(sorted(active.flatMap((v) => enabledIn(v, snapshot))));

  const children = Object.values(
    snapshot.children as Record<string, { src: unknown; getSnapshot(): unknown }>,
  );
  const running = children.map((c) => String(c.src));
  expect(sorted(running), `running actors ${where}`).toEqual(
    sorted(active.flatMap((v) => Object.keys(v.runs ?? {}))),
  );
  for (const view of active) {
    for (const [src, check] of Object.entries(view.runs ?? {})) {
      for (const child of children.filter((c) => c.src === src)) {
        const s = child.getSnapshot() as { input?: unknown };
        (check as (input: unknown, snapshot: AnyMachineSnapshot) => void)(
          'input' in s ? s.input : s,
          snapshot,
        );
      }
    }
    view.shows?.(snapshot);
  }
}

/**
 * Model-based tests that can fail: every state node has a view, and the end of every shortest path of the
 * model (every vertex of its graph, for each start input) shows what its views say. Each state value is its
 * own test, from the shortest path to it; the other vertices with that value (the same state with other
 * context: other answers, other counts) are replayed and checked in one test per machine, so a machine's
 * long tail costs one test, not thousands. The count per model is in the README.
 */
export function describeStateViews(
  model: FlowModel,
  views: StateViews,
  options: {
    /**
     * Resets what the views read beyond the snapshot (toasts and calls recorded by the model's actions) before
     * every replay, whether it is a test of its own or one of the long tail's.
     */
    beforeEachReplay?: () => void;
    /**
     * Called before every replay (after beforeEachReplay): the stand-in app (tests/appSystem.ts) the replay
     * runs in as its child, so what the flow asks of the app (a toast) reaches it.
     */
    replayIn?: () => StandInApp;
  } = {},
) {
  describe(`what each state of ${model.id} shows`, () => {
    it('has a view for every state, and none for a state that does not exist', () => {
      const defined = stateNodes(model.machine).map(keyOf);
      expect(
        Object.keys(views)
          .filter((k) => k !== MACHINE)
          .sort(),
      ).toEqual(defined.sort());
    });

    const { first, rest } = pathsByStateValue(model);
    const check = ({ path, input }: ModelCase) => {
      options.beforeEachReplay?.();
      const app = options.replayIn?.();
      const logic = model.machine.provide({ actors: inertActors(model.machine) });
      const actor = app ? app.run(logic, { input } as never) : createActor(logic, { input } as never).start();
      try {
        for (const step of path.steps.slice(1)) actor.send(step.event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(path.state.value);
        expectStateView(model, views, snapshot);
      } finally {
        if (app) app.stop(actor);
        else actor.stop();
      }
    };
    it.each(first.map((c) => [c.name, c] as const))('%s', (_, c) => check(c));
    // The same states with other context, checked together in batches: one test each would be most of the
    // suite's time, and one test for all of chat history's 1,380 took 71 s on a loaded machine, past the time
    // limit that is there to catch a hang.
    for (let from = 0; from < rest.length; from += CONTEXT_BATCH) {
      const batch = rest.slice(from, from + CONTEXT_BATCH);
      it(`the same states with other context: vertices ${from + 1}–${from + batch.length} of ${rest.length}`, () => {
        for (const c of batch) {
          try {
            check(c);
          } catch (error) {
            throw new Error(`${c.name}\n${String(error)}`, { cause: error });
          }
        }
      });
    }
  });
}

/** At most this many replays per test: a few seconds on a machine that three other test suites keep busy. */
const CONTEXT_BATCH = 100;

interface ModelCase {
  name: string;
  path: ReturnType<typeof modelPaths>['shortest'][number];
  input: unknown;
}

/**
 * Every vertex of the model's graph (for each start input) as a case; `first` holds the shortest path to each
 * distinct state value, `rest` the others.
 */
export function pathsByStateValue(model: FlowModel): { first: ModelCase[]; rest: ModelCase[] } {
  const inputs = [model.input, ...(model.inputs ?? [])];
  const cases = inputs.flatMap((input, i) =>
    modelPaths(model.machine, { ...model, input }).shortest.map((path, j) => {
      const events = path.steps.slice(1).map((s) => s.event.type);
      const name = `${i}.${j} ${JSON.stringify(path.state.value)} after [${events.join(', ')}]`;
      return { name, path, input };
    }),
  );
  const byValue = new Map<string, ModelCase>();
  for (const c of cases) {
    const key = JSON.stringify(c.path.state.value);
    const seen = byValue.get(key);
    if (!seen || c.path.steps.length < seen.path.steps.length) byValue.set(key, c);
  }
  const first = new Set(byValue.values());
  return { first: [...first], rest: cases.filter((c) => !first.has(c)) };
}

/**
 * The views of a resource (src/machines/resource) loading without params unless given: reload is always
 * offered; loading keeps what was shown and the last failure until the answer; ready shows the first answer
 * (and `ready` says what else it shows); failed shows `error` with a retry, keeping what was shown; and where
 * the resource has `empty`, an empty answer ends there.
 */
export function resourceViews(options: {
  /** What the model's load answers; the first is what ready shows. */
  answers: unknown[];
  /** What a failed load shows (the spec's message for the model's failing call). */
  error: string;
  params?: unknown;
  empty?: boolean;
  ready?: (snapshot: AnyMachineSnapshot) => void;
}): StateViews {
  const { answers, error, params, empty, ready } = options;
  const shownOrNot = [null, ...answers];
  const shows = (data: unknown) => (s: AnyMachineSnapshot) => {
    expect(s.context.data).toEqual(data);
    expect(s.context.error).toBeNull();
  };
  return {
    ...(empty ? { empty: { tags: ['empty'], shows: shows([]) } } : {}),
    '*': { enabled: ['resource.reload'] },
    loading: {
      tags: ['loading'],
      runs: { load: (input: unknown) => expect(input).toEqual({ params }) },
      shows: (s) => {
        expect(shownOrNot).toContainEqual(s.context.data);
        expect([null, error]).toContain(s.context.error);
      },
    },
    ready: {
      shows: (s) => {
        shows(answers[0])(s);
        ready?.(s);
      },
    },
    failed: {
      tags: ['failed'],
      enabled: ['resource.retry'],
      shows: (s) => {
        expect(s.context.error).toBe(error);
        expect(shownOrNot).toContainEqual(s.context.data);
      },
    },
  };
}
