import { assign, enqueueActions, setup } from 'xstate';
import type { ChatMessage, ChatSession } from '../../api/schemas/chatSessions';
import {
  buildExportFile,
  DEFAULT_EXPORT_OPTIONS,
  type ExportFile,
  type ExportFormat,
  type ExportLabels,
  type ExportOptions,
} from './export';

export interface ConversationExportContext {
  /** The user's choices: kept while the screen is open, for every conversation's next file. */
  options: ExportOptions;
  /** Name of the file last handed to the browser for the open conversation. */
  fileName: string | null;
}

/** From the chat history: the open conversation as loaded, to export with the labels the view translated. */
export interface ExportStartedEvent {
  type: 'export.started';
  session: ChatSession;
  messages: ChatMessage[];
  labels: ExportLabels;
}

export type ConversationExportEvent =
  | { type: 'export.formatChanged'; format: ExportFormat }
  | { type: 'export.includeAnalysisChanged'; value: boolean }
  | { type: 'export.includeTimestampsChanged'; value: boolean }
  | ExportStartedEvent
  /** Sent by the export action itself; a failure also by the view, when the browser refuses the download. */
  | { type: 'export.done'; fileName: string }
  | { type: 'export.failed'; error: unknown }
  /** From the chat history: the conversation was left, so its last file is no longer what the panel shows. */
  | { type: 'export.cleared' };

/** A built export, for the view to hand to the browser's download. */
export type ConversationExportEmitted = { type: 'export.file'; file: ExportFile };

/**
 * Export of the open conversation (the chat history's child for the screen's lifetime): the options the user
 * chose, and whether the last file was handed to the browser or failed.
 */
export const conversationExportMachine = setup({
  types: {
    context: {} as ConversationExportContext,
    events: {} as ConversationExportEvent,
    emitted: {} as ConversationExportEmitted,
  },
  actions: {
    setOptions: assign({
      options: ({ context, event }) => {
        const o = context.options;
        if (event.type === 'export.formatChanged') return { ...o, format: event.format };
        if (event.type === 'export.includeAnalysisChanged') return { ...o, includeAnalysis: event.value };
        if (event.type === 'export.includeTimestampsChanged') return { ...o, includeTimestamps: event.value };
        return o;
      },
    }),
    /**
     * Builds the file (pure) with the labels the view translated, and tells the view, which downloads it. It
     * reports back by event, so a failure (here, or the view's download) becomes the failed state instead of
     * stopping the machine.
     */
    exportConversation: enqueueActions(({ context, event, self, enqueue }) => {
      if (event.type !== 'export.started') return;
      try {
        const file = buildExportFile({
          session: event.session,
          messages: event.messages,
          options: context.options,
          at: new Date(),
          labels: event.labels,
        });
        // Done first: a download the view then cannot make arrives after it, as the export's failure.
        enqueue.sendTo(self, { type: 'export.done', fileName: file.name });
        enqueue.emit({ type: 'export.file', file });
      } catch (error) {
        enqueue.sendTo(self, { type: 'export.failed', error });
      }
    }),
    setFileName: assign({
      fileName: ({ event }) => (event.type === 'export.done' ? event.fileName : null),
    }),
    logExportError: ({ event }) => {
      if (event.type === 'export.failed') console.error('Export failed', event.error);
    },
  },
}).createMachine({
  id: 'conversationExport',
  context: { options: DEFAULT_EXPORT_OPTIONS, fileName: null },
  initial: 'idle',
  on: {
    'export.formatChanged': { actions: 'setOptions' },
    'export.includeAnalysisChanged': { actions: 'setOptions' },
    'export.includeTimestampsChanged': { actions: 'setOptions' },
    // The chat history sends it only for a loaded, non-empty conversation: a file must be complete.
    'export.started': { actions: 'exportConversation' },
    'export.done': { target: '.done', actions: 'setFileName' },
    'export.failed': { target: '.failed', actions: ['setFileName', 'logExportError'] },
    'export.cleared': { target: '.idle', actions: 'setFileName' },
  },
  states: {
    idle: {},
    done: { tags: ['exported'] },
    failed: { tags: ['exportFailed'] },
  },
});
