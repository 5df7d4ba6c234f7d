import type { AnyActorRef, AnyStateMachine, InspectionEvent, Snapshot } from 'xstate';

/** What the QA tools give a flow as it starts: a snapshot to start from, and the app system's inspector. */
export interface FlowStart {
  snapshot?: Snapshot<unknown>;
  inspect?: (event: InspectionEvent) => void;
}

/**
 * What a flow inspector (the demo's QA tools, src/demo/qa) can do with the app's flows: see them live, record
 * their transitions, and start a flow from a restored snapshot. The app only asks it; how a jump restores a
 * flow is the tools' own. Production builds install none.
 */
export interface FlowInspector {
  /** How the root app actor starts: from a snapshot a jump restored, inspected (with every actor of its system). */
  startOptions(id: string, logic: AnyStateMachine, input: unknown): FlowStart;
  /**
   * The logic a screen's flow `id` starts with: its own, or one whose first snapshot is what a jump restored
   * (its own, or its children's). The app spawns a screen's flow, and spawning takes no snapshot.
   */
  startingLogic<T extends AnyStateMachine>(id: string, logic: T, input: unknown): T;
  /** The flow runs (a snapshot it started from is used up); the returned function says it is gone. */
  register(id: string, actor: AnyActorRef, logic: AnyStateMachine): () => void;
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
