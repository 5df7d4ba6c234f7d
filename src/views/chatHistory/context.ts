import { useMemo } from 'react';
import type { chatHistoryMachine } from '../../machines/chatHistory/chatHistory.machine';
import { listedSessions } from '../../machines/chatHistory/sessions';
import { createFlowContext } from '../ui/flowContext';

/** The screen's one actor, for the parts of the screen below it. */
export const ChatHistoryContext = createFlowContext<typeof chatHistoryMachine>('chat history');

/** The sessions the list shows under its filter (the list and the fine-tune dataset read the same). */
export function useListedSessions() {
  const sessions = ChatHistoryContext.useSelector((s) => s.context.sessions);
  const filter = ChatHistoryContext.useSelector((s) => s.context.filter);
  return useMemo(() => listedSessions(sessions, filter), [sessions, filter]);
}
