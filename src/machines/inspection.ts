import type { AnyActorRef, AnyStateMachine, InspectionEvent, Snapshot } from 'xstate';

/**
 * What a flow inspector (the demo's QA tools) can do with the app's flows: see them live, record their
 * transitions, and start a flow from a restored snapshot. Production builds install none.
 */
export interface FlowInspector {
  register(id: string, actor: AnyActorRef, logic: AnyStateMachine): () => void;
  /** The inspector of the whole app system, installed at its root. */
  inspector(): (event: InspectionEvent) => void;
  pendingRestore(id: string): Snapshot<unknown> | undefined;
  /** Whether any flow waits for a restored snapshot. */
  restoring(): boolean;
  restored(id: string, snapshot: Snapshot<unknown>): void;
  /** Bumped by a jump so the screens remount and pick up restored snapshots. */
  generation(): number;
  subscribe(listener: () => void): () => void;
}

let installed: FlowInspector | null = null;

/** Called once at start-up, before the app renders (src/main.tsx in demo builds). */
export function installFlowInspector(inspector: FlowInspector | null): void {
  installed = inspector;
}

export const flowInspector = (): FlowInspector | null => installed;
