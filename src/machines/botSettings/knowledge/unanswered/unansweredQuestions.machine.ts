import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, emit, setup } from 'xstate';
import { ApiError } from '../../../../api/errors';
import type { QaEntry } from '../../../../api/schemas/knowledgeQa';
import type { UnansweredGroup, UnansweredList } from '../../../../api/schemas/unanswered';
import { answerUnanswered, dismissUnanswered, listUnanswered } from '../../../../api/unanswered';
import { describeError, notOffered } from '../../../errors';
import { fromRequest } from '../../../request';
import { qaDraftProblem } from '../qa/qaKnowledge.machine';

/** The answer being written for a group: its question (prefilled with the group's, editable) and the answer. */
export interface UnansweredDraft {
  groupId: string;
  question: string;
  answer: string;
}

export interface UnansweredContext {
  botId: string;
  /** The open groups, the most recently asked first. */
  groups: UnansweredGroup[];
  /** How many groups are open (the Knowledge tab's badge). */
  open: number;
  answering: UnansweredDraft | null;
  /** The group being dismissed. */
  dismissing: string | null;
  error: MessageDescriptor | string | null;
}

export type UnansweredEvent =
  | { type: 'group.answer'; id: string }
  | { type: 'answer.changed'; patch: Partial<Omit<UnansweredDraft, 'groupId'>> }
  | { type: 'answer.cancel' }
  | { type: 'answer.save' }
  | { type: 'group.dismiss'; id: string }
  | { type: 'retry' }
  /** Read the groups again, keeping what is shown (the bot may have met new questions meanwhile). */
  | { type: 'refresh' };

/** What the flow tells its view: a group was answered with this entry (the Q&A list may show it). */
export type UnansweredEmitted = { type: 'unanswered.answered'; entry: QaEntry };

export const unansweredMessages = {
  limitReached: msg`This bot has as many questions and answers as its plan allows: delete one to answer this.`,
};

const problemOf = (d: UnansweredDraft) =>
  qaDraftProblem({ id: null, question: d.question, answer: d.answer });

/** The Q&A limit refused the new entry (409 QA_LIMIT_REACHED). */
const isLimitRefusal = (error: unknown) =>
  error instanceof ApiError && error.body?.code === 'QA_LIMIT_REACHED';

/**
 * The questions a bot could not answer (beyond the spec), in the editor's Knowledge tab while a saved bot is
 * open: the open groups and how many (the tab's badge), each answered with a Q&A entry or dismissed. A server
 * without the calls leaves it `notOffered` (no badge; the tab works as the spec has it).
 */
export const unansweredQuestionsMachine = setup({
  types: {
    context: {} as UnansweredContext,
    events: {} as UnansweredEvent,
    emitted: {} as UnansweredEmitted,
    input: {} as { botId: string },
  },
  actors: {
    list: fromRequest<UnansweredList, { botId: string }>(({ input, signal }) =>
      listUnanswered(input.botId, signal),
    ),
    answer: fromRequest<QaEntry, { botId: string; draft: UnansweredDraft }>(({ input, signal }) =>
      answerUnanswered(
        input.botId,
        input.draft.groupId,
        { question: input.draft.question.trim(), answer: input.draft.answer.trim() },
        signal,
      ),
    ),
    dismiss: fromRequest<unknown, { botId: string; id: string }>(({ input, signal }) =>
      dismissUnanswered(input.botId, input.id, signal),
    ),
  },
  guards: {
    notOffered,
    limitReached: ({ event }) => isLimitRefusal((event as { error?: unknown }).error),
    draftHasProblem: ({ context }) => context.answering !== null && problemOf(context.answering) !== null,
    isAnswering: ({ context }) => context.answering !== null,
    known: ({ context, event }) =>
      (event.type === 'group.answer' || event.type === 'group.dismiss') &&
      context.groups.some((g) => g.id === event.id),
  },
  actions: {
    setList: assign(({ context }, params: { list: UnansweredList }) => ({
      groups: params.list.groups,
      open: params.list.open,
      // An answer being written stays while its group is still open.
      answering: params.list.groups.some((g) => g.id === context.answering?.groupId)
        ? context.answering
        : null,
      error: null,
    })),
    openAnswer: assign(({ context, event }) => {
      const group = event.type === 'group.answer' ? context.groups.find((g) => g.id === event.id) : undefined;
      return {
        answering: group ? { groupId: group.id, question: group.question, answer: '' } : null,
        error: null,
      };
    }),
    patchAnswer: assign(({ context, event }) => ({
      answering:
        event.type === 'answer.changed' && context.answering
          ? { ...context.answering, ...event.patch }
          : context.answering,
      error: null,
    })),
    closeAnswer: assign({ answering: null, error: null }),
    sayProblem: assign({ error: ({ context }) => (context.answering ? problemOf(context.answering) : null) }),
    markDismissing: assign({ dismissing: ({ event }) => (event.type === 'group.dismiss' ? event.id : null) }),
    /** The group leaves the list and the count (answered or dismissed). */
    clear: assign(({ context }, params: { id: string }) => ({
      groups: context.groups.filter((g) => g.id !== params.id),
      open: Math.max(0, context.open - 1),
      answering: context.answering?.groupId === params.id ? null : context.answering,
      dismissing: null,
      error: null,
    })),
    tellAnswered: emit((_, params: { entry: QaEntry }) => ({
      type: 'unanswered.answered' as const,
      entry: params.entry,
    })),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
    sayLimit: assign({ error: unansweredMessages.limitReached }),
  },
}).createMachine({
  id: 'unansweredQuestions',
  context: ({ input }) => ({
    botId: input.botId,
    groups: [],
    open: 0,
    answering: null,
    dismissing: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'list',
        src: 'list',
        input: ({ context }) => ({ botId: context.botId }),
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
        'group.answer': { guard: 'known', actions: 'openAnswer' },
        'answer.changed': { guard: 'isAnswering', actions: 'patchAnswer' },
        'answer.cancel': { actions: 'closeAnswer' },
        'answer.save': [
          { guard: 'draftHasProblem', actions: 'sayProblem' },
          { guard: 'isAnswering', target: 'saving' },
        ],
        'group.dismiss': { guard: 'known', target: 'dismissing', actions: 'markDismissing' },
      },
      states: {
        idle: { on: { refresh: 'refreshing' } },
        // Quietly: what is shown stays, and a failure keeps it (the next refresh tries again).
        refreshing: {
          invoke: {
            id: 'reload',
            src: 'list',
            input: ({ context }) => ({ botId: context.botId }),
            onDone: {
              target: 'idle',
              actions: { type: 'setList', params: ({ event }) => ({ list: event.output }) },
            },
            onError: [{ guard: 'notOffered', target: '#unansweredQuestions.notOffered' }, { target: 'idle' }],
          },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'answer',
        src: 'answer',
        input: ({ context }) => ({
          botId: context.botId,
          draft: context.answering ?? { groupId: '', question: '', answer: '' },
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'tellAnswered', params: ({ event }) => ({ entry: event.output }) },
            { type: 'clear', params: ({ context }) => ({ id: context.answering?.groupId ?? '' }) },
          ],
        },
        // The form stays open with what was typed; a full Q&A list says so.
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          { guard: 'limitReached', target: 'ready', actions: 'sayLimit' },
          { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    dismissing: {
      tags: ['busy'],
      invoke: {
        id: 'dismiss',
        src: 'dismiss',
        input: ({ context }) => ({ botId: context.botId, id: context.dismissing ?? '' }),
        onDone: {
          target: 'ready',
          actions: { type: 'clear', params: ({ context }) => ({ id: context.dismissing ?? '' }) },
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          {
            target: 'ready',
            actions: [
              assign({ dismissing: null }),
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    notOffered: { tags: ['notOffered'] },
  },
});
