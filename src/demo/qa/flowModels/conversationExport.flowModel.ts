import { now } from '../../../../mocks/clock';
import { conversationExportMachine } from '../../../machines/chatHistory/conversationExport.machine';
import { ENGLISH_LABELS, exportFileName } from '../../../machines/chatHistory/export';
import type { FlowModel } from '../../../machines/model';
import { demoMessages, demoSession } from './chatHistory.flowModel';

export const conversationExportModel: FlowModel = {
  id: 'conversationExport',
  // The export action reports back by event; the model sends those events itself.
  machine: conversationExportMachine.provide({
    actions: { exportConversation: () => {}, logExportError: () => {} },
  }),
  events: [
    { type: 'export.formatChanged', format: 'txt' },
    { type: 'export.includeAnalysisChanged', value: false },
    { type: 'export.includeTimestampsChanged', value: false },
    // What the chat history hands on for the open conversation (the demo's newest).
    { type: 'export.started', session: demoSession, messages: demoMessages, labels: ENGLISH_LABELS },
    { type: 'export.done', fileName: exportFileName(demoSession.fromNumber, 'json', new Date(now())) },
    { type: 'export.failed', error: { message: 'disk full' } },
    { type: 'export.cleared' },
  ],
};
