import { type AnyStateMachine, createActor, type Snapshot } from 'xstate';

interface PersistedChildren {
  children?: Record<string, { snapshot: unknown }>;
}

/**
 * The snapshot a flow starts from after a jump: its own restored one, or, for a machine running flows as
 * children, its initial snapshot with the restored ones of those children. Undefined: it starts as usual.
 */
export function restoredStart(
  pending: (id: string) => Snapshot<unknown> | undefined,
  id: string,
  logic: AnyStateMachine,
  input: unknown,
): Snapshot<unknown> | undefined {
  const own = pending(id);
  if (own) return own;
  const initial = createActor(logic, { input } as never).getPersistedSnapshot() as PersistedChildren;
  return restoreChildren(pending, initial) ? (initial as Snapshot<unknown>) : undefined;
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
