import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import { analyzeSession } from '../../api/chatSessions';
import type { ChatAnalysis } from '../../api/schemas/chatSessions';
import { describeError } from '../errors';
import { fromRequest } from '../request';
import { tellParent } from '../system';

/** What the analysis tells the chat history, which shows it in the open conversation and in the list. */
export interface SessionAnalyzedEvent {
  type: 'session.analyzed';
  analysis: ChatAnalysis;
}

export interface ConversationAnalysisInput {
  sessionId: string;
}

export interface ConversationAnalysisContext {
  sessionId: string;
  /** Why the last analysis failed; the analysis shown before stays. */
  error: MessageDescriptor | string | null;
}

export type ConversationAnalysisEvent = { type: 'analysis.requested' };

/**
 * Analysis of the open conversation (the chat history's child while that conversation is open: another one
 * starts afresh, and leaving ends a request in flight). The result belongs to the session, which the chat
 * history owns: it is told, and the failure stays here.
 */
export const conversationAnalysisMachine = setup({
  types: {
    context: {} as ConversationAnalysisContext,
    events: {} as ConversationAnalysisEvent,
    input: {} as ConversationAnalysisInput,
  },
  actors: {
    analyzeSession: fromRequest<ChatAnalysis, { id: string }>(({ input, signal }) =>
      analyzeSession(input.id, signal),
    ),
  },
  actions: {
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
    clearError: assign({ error: null }),
    /** Alone (its tests, the QA tools) there is no chat history to tell. */
    reportAnalysis: tellParent(
      (_, params: { analysis: ChatAnalysis }): SessionAnalyzedEvent => ({
        type: 'session.analyzed',
        analysis: params.analysis,
      }),
    ),
  },
}).createMachine({
  id: 'conversationAnalysis',
  context: ({ input }) => ({ sessionId: input.sessionId, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'analysis.requested': 'analyzing' } },
    analyzing: {
      tags: ['analyzing'],
      invoke: {
        id: 'analyzeSession',
        src: 'analyzeSession',
        input: ({ context }) => ({ id: context.sessionId }),
        onDone: {
          target: 'idle',
          actions: [
            'clearError',
            { type: 'reportAnalysis', params: ({ event }) => ({ analysis: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { tags: ['analysisFailed'], on: { 'analysis.requested': 'analyzing' } },
  },
});
