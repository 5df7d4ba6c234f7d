import { type AnyStateMachine, createActor, type Snapshot } from 'xstate';

interface PersistedChildren {
  children?: Record<string, { snapshot: unknown }>;
}

/**
 * The snapshot a flow starts from after a jump: its own restored one, or, for a machine running flows as
 * children, its initial snapshot with the restored ones of those children. A child the machine runs only in
 * some state (a conversation's analysis, only while it is open) is restored into `base` instead: the flow as
 * it was when the child was jumped. Undefined: it starts as usual.
 */
export function restoredStart(
  pending: (id: string) => Snapshot<unknown> | undefined,
  id: string,
  logic: AnyStateMachine,
  input: unknown,
  base?: Snapshot<unknown>,
): Snapshot<unknown> | undefined {
  const own = pending(id);
  if (own) return own;
  const initial = createActor(logic, { input } as never).getPersistedSnapshot() as PersistedChildren;
  if (restoreChildren(pending, initial)) return initial as Snapshot<unknown>;
  return base && restoreChildren(pending, base as PersistedChildren) ? base : undefined;
}

/** Whether a persisted snapshot runs a flow of that id as a child, at any depth. */
export function runsChild(persisted: unknown, childId: string): boolean {
  const children = (persisted as PersistedChildren).children ?? {};
  return Object.entries(children).some(([id, child]) => id === childId || runsChild(child.snapshot, childId));
}

/**
 * Puts the restored snapshots waiting for a persisted snapshot's children into it, at any depth (a screen's
 * flow may run flows of its own, as billing runs its resources). Whether any was put in.
 */
function restoreChildren(
  pending: (id: string) => Snapshot<unknown> | undefined,
  persisted: PersistedChildren,
): boolean {
  let any = false;
  for (const [childId, child] of Object.entries(persisted.children ?? {})) {
    const restored = pending(childId);
    if (restored) child.snapshot = restored;
    else if (!restoreChildren(pending, (child.snapshot ?? {}) as PersistedChildren)) continue;
    any = true;
  }
  return any;
}

/** The logic of a flow whose first snapshot is `snapshot` (restored as XState restores a persisted one). */
export function startingFrom<T extends AnyStateMachine>(logic: T, snapshot: Snapshot<unknown>): T {
  return Object.create(logic, {
    getInitialSnapshot: {
      value: (scope: unknown) => logic.restoreSnapshot(snapshot as never, scope as never),
    },
  }) as T;
}
