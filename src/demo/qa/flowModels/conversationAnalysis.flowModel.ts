import {
  type ConversationAnalysisInput,
  conversationAnalysisMachine,
} from '../../../machines/chatHistory/conversationAnalysis.machine';
import type { FlowModel } from '../../../machines/model';
import { demoAnalysis, demoSession } from './chatHistory.flowModel';

export const conversationAnalysisModel: FlowModel<ConversationAnalysisInput> = {
  id: 'conversationAnalysis',
  machine: conversationAnalysisMachine,
  // The demo's newest conversation, as the chat history opens it, and what the demo backend answers for it.
  input: { sessionId: demoSession.id },
  events: [{ type: 'analysis.requested' }],
  outputs: { analyzeSession: demoAnalysis },
};
