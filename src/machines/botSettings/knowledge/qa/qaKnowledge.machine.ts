import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, emit, setup } from 'xstate';
import { createQaEntry, deleteQaEntry, listQaEntries, updateQaEntry } from '../../../../api/knowledgeQa';
import {
  MAX_QA_ANSWER_LENGTH,
  MAX_QA_QUESTION_LENGTH,
  type QaEntry,
  type QaList,
} from '../../../../api/schemas/knowledgeQa';
import { SEARCH_DEBOUNCE_MS } from '../../../constants';
import { describeError, notOffered } from '../../../errors';
import { withItem } from '../../../lists';
import { fromRequest } from '../../../request';
import { qaEntriesToCsv } from './qaCsv';
import { type QaImportOutput, qaImportMachine } from './qaImport.machine';

/** The entry being written or changed (id null: a new one). */
export interface QaDraft {
  id: string | null;
  question: string;
  answer: string;
}

export interface QaKnowledgeContext {
  botId: string;
  entries: QaEntry[];
  /** How many entries the plan allows (null: the server did not say). */
  limit: number | null;
  search: string;
  editing: QaDraft | null;
  deleting: string | null;
  error: MessageDescriptor | string | null;
  /** How many entries the last CSV import added (null: none since the list opened). */
  imported: number | null;
  /** False once the server answered the import call with "not offered": the list works without it. */
  importOffered: boolean;
}

export type QaKnowledgeEvent =
  | { type: 'search.changed'; text: string }
  | { type: 'entry.new' }
  | { type: 'entry.edit'; id: string }
  | { type: 'editor.changed'; patch: Partial<Omit<QaDraft, 'id'>> }
  | { type: 'editor.cancel' }
  | { type: 'editor.save' }
  | { type: 'entry.delete'; id: string }
  | { type: 'retry' }
  | { type: 'csv.fileChosen'; file: File }
  | { type: 'csv.export' }
  /** From the view, when the browser refused the download. */
  | { type: 'csv.downloadFailed'; error: unknown };

/** The CSV file of all the entries, for the view to hand to the browser's download. */
export interface QaCsvFile {
  name: string;
  mimeType: string;
  content: string;
}
export type QaKnowledgeEmitted = { type: 'csv.file'; file: QaCsvFile };

export const qaMessages = {
  questionNeeded: msg`Write the customer's question.`,
  answerNeeded: msg`Write the answer.`,
  questionTooLong: msg`A question can have at most ${MAX_QA_QUESTION_LENGTH} characters.`,
  answerTooLong: msg`An answer can have at most ${MAX_QA_ANSWER_LENGTH} characters.`,
};

/** The bot holds as many entries as its plan allows (known only from an unsearched list). */
export const qaListFull = (c: Pick<QaKnowledgeContext, 'entries' | 'limit' | 'search'>) =>
  c.limit !== null && c.search.trim() === '' && c.entries.length >= c.limit;

/** What keeps the draft from being saved; null: it can be. */
export function qaDraftProblem(draft: QaDraft): MessageDescriptor | null {
  const question = draft.question.trim();
  const answer = draft.answer.trim();
  if (!question) return qaMessages.questionNeeded;
  if (question.length > MAX_QA_QUESTION_LENGTH) return qaMessages.questionTooLong;
  if (!answer) return qaMessages.answerNeeded;
  if (answer.length > MAX_QA_ANSWER_LENGTH) return qaMessages.answerTooLong;
  return null;
}

/** How the import child ended, from its done event. */
const importOutcome = (event: unknown) => (event as { output?: QaImportOutput }).output?.outcome;

const bodyOf = (d: QaDraft) => ({ question: d.question.trim(), answer: d.answer.trim() });

/**
 * A bot's question-and-answer knowledge (beyond the spec), in the editor's Knowledge tab while a saved bot is
 * open: listed (searched as the user types), added, changed and deleted, with how many the plan allows. A
 * server without the calls leaves it `notOffered`; the tab works as the spec has it.
 */
export const qaKnowledgeMachine = setup({
  types: {
    context: {} as QaKnowledgeContext,
    events: {} as QaKnowledgeEvent,
    input: {} as { botId: string },
    emitted: {} as QaKnowledgeEmitted,
  },
  actors: {
    list: fromRequest<QaList, { botId: string; search: string }>(({ input, signal }) =>
      listQaEntries(input.botId, input.search, signal),
    ),
    save: fromRequest<QaEntry, { botId: string; draft: QaDraft }>(({ input, signal }) =>
      input.draft.id === null
        ? createQaEntry(input.botId, bodyOf(input.draft), signal)
        : updateQaEntry(input.botId, input.draft.id, bodyOf(input.draft), signal),
    ),
    remove: fromRequest<unknown, { botId: string; id: string }>(({ input, signal }) =>
      deleteQaEntry(input.botId, input.id, signal),
    ),
    csvImport: qaImportMachine,
    // All the entries, not the search's: the file is the bot's whole Q&A knowledge.
    exportAll: fromRequest<QaCsvFile, { botId: string }>(async ({ input, signal }) => ({
      name: 'questions-and-answers.csv',
      mimeType: 'text/csv;charset=utf-8',
      content: qaEntriesToCsv((await listQaEntries(input.botId, '', signal)).entries),
    })),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    notOffered,
    draftHasProblem: ({ context }) => context.editing !== null && qaDraftProblem(context.editing) !== null,
    isEditing: ({ context }) => context.editing !== null,
    /**
     * Nothing being written, and room for one more as far as the list tells: a searched list does not tell
     * how many the bot has (the server's limit then answers).
     */
    canAdd: ({ context }) => context.editing === null && !qaListFull(context),
    canImport: ({ context }) => context.editing === null && context.importOffered,
    importDone: ({ event }) => importOutcome(event) === 'imported',
    importNotOffered: ({ event }) => importOutcome(event) === 'notOffered',
    known: ({ context, event }) =>
      (event.type === 'entry.edit' || event.type === 'entry.delete') &&
      context.entries.some((e) => e.id === event.id),
  },
  actions: {
    setList: assign((_, params: { list: QaList }) => ({
      entries: params.list.entries,
      limit: params.list.limit,
      error: null,
    })),
    setSearch: assign({ search: ({ event }) => (event.type === 'search.changed' ? event.text : '') }),
    openNew: assign({ editing: { id: null, question: '', answer: '' }, error: null }),
    openEdit: assign(({ context, event }) => {
      const entry = event.type === 'entry.edit' ? context.entries.find((e) => e.id === event.id) : undefined;
      return {
        editing: entry ? { id: entry.id, question: entry.question, answer: entry.answer } : null,
        error: null,
      };
    }),
    patchEditor: assign(({ context, event }) => ({
      editing:
        event.type === 'editor.changed' && context.editing
          ? { ...context.editing, ...event.patch }
          : context.editing,
      error: null,
    })),
    closeEditor: assign({ editing: null, error: null }),
    sayProblem: assign({
      error: ({ context }) => (context.editing ? qaDraftProblem(context.editing) : null),
    }),
    keep: assign(({ context }, params: { entry: QaEntry }) => ({
      entries: withItem(context.entries, params.entry),
      editing: null,
      error: null,
    })),
    markDeleting: assign({ deleting: ({ event }) => (event.type === 'entry.delete' ? event.id : null) }),
    drop: assign(({ context }) => ({
      entries: context.entries.filter((e) => e.id !== context.deleting),
      deleting: null,
      error: null,
    })),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
    setImported: assign((_, { output }: { output: QaImportOutput }) => ({
      imported: output.outcome === 'imported' ? output.count : null,
      error: null,
    })),
    stopImports: assign({ importOffered: false }),
    handFile: emit((_, { file }: { file: QaCsvFile }) => ({ type: 'csv.file' as const, file })),
  },
}).createMachine({
  id: 'qaKnowledge',
  context: ({ input }) => ({
    botId: input.botId,
    entries: [],
    limit: null,
    search: '',
    editing: null,
    deleting: null,
    error: null,
    imported: null,
    importOffered: true,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'list',
        src: 'list',
        input: ({ context }) => ({ botId: context.botId, search: context.search }),
        onDone: {
          target: 'ready',
          actions: { type: 'setList', params: ({ event }) => ({ list: event.output }) },
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          {
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: { tags: ['loadFailed'], on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'entry.new': { guard: 'canAdd', actions: 'openNew' },
        'entry.edit': { guard: 'known', actions: 'openEdit' },
        'editor.changed': { guard: 'isEditing', actions: 'patchEditor' },
        'editor.cancel': { actions: 'closeEditor' },
        'editor.save': [
          { guard: 'draftHasProblem', actions: 'sayProblem' },
          { guard: 'isEditing', target: 'saving' },
        ],
        'entry.delete': { guard: 'known', target: 'deleting', actions: 'markDeleting' },
        'csv.fileChosen': { guard: 'canImport', target: 'importing', actions: assign({ imported: null }) },
        'csv.export': { target: 'exporting', actions: assign({ error: null }) },
        'csv.downloadFailed': {
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
        // Typing again restarts the wait (a transition to the child enters it again).
        'search.changed': { target: '.searching', actions: 'setSearch' },
      },
      states: {
        idle: {},
        searching: { after: { searchDebounce: '#qaKnowledge.loading' } },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          botId: context.botId,
          draft: context.editing ?? { id: null, question: '', answer: '' },
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'keep', params: ({ event }) => ({ entry: event.output }) },
        },
        // The editor stays open with what was typed (a refused limit says so).
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ botId: context.botId, id: context.deleting ?? '' }),
        onDone: { target: 'ready', actions: 'drop' },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          {
            target: 'ready',
            actions: [
              assign({ deleting: null }),
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    importing: {
      invoke: {
        id: 'csvImport',
        src: 'csvImport',
        input: ({ context, event }) => ({
          botId: context.botId,
          file: (event as Extract<QaKnowledgeEvent, { type: 'csv.fileChosen' }>).file,
        }),
        onDone: [
          {
            guard: 'importDone',
            target: 'loading',
            actions: { type: 'setImported', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: 'importNotOffered',
            target: 'ready',
            actions: 'stopImports',
          },
          { target: 'ready' },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportAll',
        src: 'exportAll',
        input: ({ context }) => ({ botId: context.botId }),
        onDone: {
          target: 'ready',
          actions: { type: 'handFile', params: ({ event }) => ({ file: event.output }) },
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    notOffered: { tags: ['notOffered'] },
  },
});
