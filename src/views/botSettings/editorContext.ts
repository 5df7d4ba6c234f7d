import { useSelector } from '@xstate/react';
import { createContext, use } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { botEditorMachine } from '../../machines/botEditor/botEditor.machine';

export type BotEditorActor = ActorRefFrom<typeof botEditorMachine>;
type BotEditorSnapshot = SnapshotFrom<typeof botEditorMachine>;

/** The screen's one bot editor actor, for the parts of the screen below it. */
export const EditorActorContext = createContext<BotEditorActor | null>(null);

export function useEditorActor(): BotEditorActor {
  const actor = use(EditorActorContext);
  if (!actor) throw new Error('useEditorActor outside the bot settings screen');
  return actor;
}

/** A narrow read of the editor's snapshot. */
export function useEditor<T>(
  selector: (snapshot: BotEditorSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
) {
  return useSelector(useEditorActor(), selector, compare);
}
