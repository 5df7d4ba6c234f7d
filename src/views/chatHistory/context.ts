import type { chatHistoryMachine } from '../../machines/chatHistory/chatHistory.machine';
import { createFlowContext } from '../ui/flowContext';

/** The screen's one actor, for the parts of the screen below it. */
export const ChatHistoryContext = createFlowContext<typeof chatHistoryMachine>('chat history');
