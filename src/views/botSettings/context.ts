import type { botEditorMachine } from '../../machines/botSettings/botEditor.machine';
import { createFlowContext } from '../ui/flowContext';

/** The screen's one bot editor actor, for the parts of the screen below it. */
const EditorFlow = createFlowContext<typeof botEditorMachine>('bot settings');

export const EditorActorProvider = EditorFlow.Provider;
export const useEditorActor = EditorFlow.useActorRef;
/** A narrow read of the editor's snapshot. */
export const useEditor = EditorFlow.useSelector;
