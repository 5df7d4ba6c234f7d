import { createActorContext } from '@xstate/react';
import { chatHistoryMachine } from '../../machines/chatHistory/chatHistory.machine';

/** The screen's one actor; the view provides it with the address-bar sync and its input. */
export const ChatHistoryContext = createActorContext(chatHistoryMachine);
