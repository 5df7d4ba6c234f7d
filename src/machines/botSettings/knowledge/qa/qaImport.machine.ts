import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import { isApiError } from '../../../../api/errors';
import { importQaEntries, listQaEntries } from '../../../../api/knowledgeQa';
import type { QaEntryBody, QaImportResult, QaList } from '../../../../api/schemas/knowledgeQa';
import { describeError, notOffered } from '../../../errors';
import { fromRequest } from '../../../request';
import { importableEntries, parseQaCsv, type QaCsvPreview, withServerProblems } from './qaCsv';

/** A bigger file is refused before it is read: 2,000 long entries fit in about 5 MB. */
export const MAX_QA_CSV_BYTES = 5_000_000;

/** What reading a file gives: its text (null: too large to read) and the bot's entries now, all of them. */
export interface QaCsvRead {
  text: string | null;
  list: QaList;
}

export interface QaImportContext {
  botId: string;
  file: File;
  preview: QaCsvPreview | null;
  error: MessageDescriptor | string | null;
}

export type QaImportEvent =
  | { type: 'import.file'; file: File }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'retry' };

/** How the import ended, for the Q&A list: reload, carry on, or stop offering it. */
export type QaImportOutput =
  | { outcome: 'imported'; count: number }
  | { outcome: 'cancelled' }
  | { outcome: 'notOffered' };

/**
 * A CSV file of questions and answers (beyond the spec), from choosing it to saving it: the file is read and
 * previewed row by row against the bot's entries and limit, and only a file without a bad row can be imported,
 * all at once. Nothing is saved before the user confirms; a refusal keeps the preview.
 */
export const qaImportMachine = setup({
  types: {
    context: {} as QaImportContext,
    events: {} as QaImportEvent,
    input: {} as { botId: string; file: File },
    output: {} as QaImportOutput,
  },
  actors: {
    read: fromRequest<QaCsvRead, { botId: string; file: File }>(async ({ input, signal }) => {
      const list = listQaEntries(input.botId, '', signal);
      const text = input.file.size > MAX_QA_CSV_BYTES ? null : await input.file.text();
      return { text, list: await list };
    }),
    importEntries: fromRequest<QaImportResult, { botId: string; entries: QaEntryBody[] }>(
      ({ input, signal }) => importQaEntries(input.botId, { entries: input.entries }, signal),
    ),
  },
  guards: {
    notOffered,
    importable: ({ context }) => context.preview !== null && importableEntries(context.preview) !== null,
  },
  actions: {
    setFile: assign({
      file: ({ context, event }) => (event.type === 'import.file' ? event.file : context.file),
    }),
    setPreview: assign((_, { read }: { read: QaCsvRead }) => ({
      preview:
        read.text === null
          ? { rows: [], problem: { kind: 'tooLarge' as const, maxBytes: MAX_QA_CSV_BYTES } }
          : parseQaCsv(read.text, {
              existing: read.list.entries.map((e) => e.question),
              limit: read.list.limit,
            }),
      error: null,
    })),
    clear: assign({ preview: null, error: null }),
    setError: assign({ error: (_, { error }: { error: unknown }) => describeError(error) }),
    // The rows the server refused are marked as refused, so the file must be fixed before it is sent again.
    markRefusedRows: assign({
      preview: ({ context }, { error }: { error: unknown }) => {
        const details = isApiError(error) ? error.body?.details : undefined;
        return context.preview && details?.length
          ? withServerProblems(context.preview, details)
          : context.preview;
      },
    }),
  },
}).createMachine({
  id: 'qaImport',
  context: ({ input }) => ({ botId: input.botId, file: input.file, preview: null, error: null }),
  initial: 'open',
  states: {
    // Until it ends, the user may choose another file (it replaces this one, whatever was read of it) or cancel.
    open: {
      initial: 'reading',
      on: {
        'import.file': { target: '.reading', actions: ['setFile', 'clear'], reenter: true },
        'import.cancel': '#qaImport.cancelled',
      },
      states: {
        reading: {
          tags: ['busy'],
          invoke: {
            id: 'read',
            src: 'read',
            input: ({ context }) => ({ botId: context.botId, file: context.file }),
            onDone: {
              target: 'preview',
              actions: { type: 'setPreview', params: ({ event }) => ({ read: event.output }) },
            },
            onError: [
              { guard: 'notOffered', target: '#qaImport.notOffered' },
              {
                target: 'failed',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        failed: { tags: ['readFailed'], on: { retry: 'reading' } },
        preview: {
          on: { 'import.confirm': { guard: 'importable', target: 'importing' } },
        },
        importing: {
          tags: ['busy'],
          invoke: {
            id: 'importEntries',
            src: 'importEntries',
            input: ({ context }) => ({
              botId: context.botId,
              entries: (context.preview && importableEntries(context.preview)) ?? [],
            }),
            onDone: '#qaImport.imported',
            // The preview stays, with the server's reason (a limit reached meanwhile, a row it refused).
            onError: [
              { guard: 'notOffered', target: '#qaImport.notOffered' },
              {
                target: 'preview',
                actions: [
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'markRefusedRows', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
      },
    },
    imported: {
      type: 'final',
      output: ({ context }) => ({ outcome: 'imported', count: context.preview?.rows.length ?? 0 }),
    },
    cancelled: { type: 'final', output: { outcome: 'cancelled' } },
    notOffered: { type: 'final', output: { outcome: 'notOffered' } },
  },
  // The output of the final state reached.
  output: ({ event }) => (event as unknown as { output: QaImportOutput }).output,
});
