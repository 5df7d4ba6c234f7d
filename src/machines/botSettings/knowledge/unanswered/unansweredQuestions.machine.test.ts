import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { startInAppSystem, stopStandIns } from '../../../../../tests/appSystem';
import { describeStateViews } from '../../../../../tests/stateViews';
import { ApiError } from '../../../../api/errors';
import type { QaEntry } from '../../../../api/schemas/knowledgeQa';
import type { UnansweredGroup, UnansweredList } from '../../../../api/schemas/unanswered';
import {
  giftCardGroup,
  qaLimitError,
  unansweredQuestionsModel,
} from '../../../../demo/qa/flowModels/unansweredQuestions.flowModel';
import { qaMessages } from '../qa/qaKnowledge.machine';
import {
  type UnansweredDraft,
  unansweredMessages,
  unansweredQuestionsMachine,
} from './unansweredQuestions.machine';

type Snap = SnapshotFrom<typeof unansweredQuestionsMachine>;
const hoursGroup: UnansweredGroup = {
  id: 'unanswered-2',
  question: '週末有營業嗎？',
  examples: [],
  count: 1,
  lastAskedAt: '2026-11-24T09:00:00.000Z',
};
const broken = new ApiError({
  kind: 'http',
  status: 500,
  endpoint: 'POST',
  message: 'Internal server error',
});

afterEach(() => stopStandIns());

function start({
  list = async (): Promise<UnansweredList> => ({ groups: [giftCardGroup, hoursGroup], open: 2 }),
  answer = async (d: UnansweredDraft): Promise<QaEntry> => ({
    id: 'qa-new',
    question: d.question,
    answer: d.answer,
    updatedAt: '2026-11-24T10:05:00.000Z',
  }),
}: {
  list?: () => Promise<UnansweredList>;
  answer?: (d: UnansweredDraft) => Promise<QaEntry>;
} = {}) {
  const answered = vi.fn(answer);
  const dismissed = vi.fn(async (_id: string): Promise<unknown> => ({ success: true }));
  const { actor } = startInAppSystem(
    unansweredQuestionsMachine.provide({
      actors: {
        list: fromPromise(list),
        answer: fromPromise(({ input }: { input: { botId: string; draft: UnansweredDraft } }) =>
          answered(input.draft),
        ),
        dismiss: fromPromise(({ input }: { input: { botId: string; id: string } }) => dismissed(input.id)),
      },
    }),
    { input: { botId: 'bot-1' } },
  );
  const told: QaEntry[] = [];
  actor.on('unanswered.answered', (e) => told.push(e.entry));
  // Until no call is in flight, with a ceiling only a hang reaches.
  const settle = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('busy'), { timeout: 10_000 });
  return { actor, answered, dismissed, told, settle, snap: () => actor.getSnapshot() };
}

describe('unanswered questions', () => {
  it('lists the open groups, answers one with its question prefilled and editable, and dismisses one', async () => {
    const u = start();
    await u.settle();
    expect(u.snap().context).toMatchObject({ groups: [giftCardGroup, hoursGroup], open: 2 });
    u.actor.send({ type: 'group.answer', id: 'unknown' });
    expect(u.snap().context.answering).toBeNull();
    u.actor.send({ type: 'group.answer', id: giftCardGroup.id });
    expect(u.snap().context.answering).toEqual({
      groupId: giftCardGroup.id,
      question: giftCardGroup.question,
      answer: '',
    });
    u.actor.send({ type: 'answer.changed', patch: { question: 'Do you sell gift cards or vouchers?' } });
    u.actor.send({ type: 'answer.changed', patch: { answer: ' Yes, from $10. ' } });
    u.actor.send({ type: 'answer.save' });
    await u.settle();
    expect(u.answered).toHaveBeenCalledWith({
      groupId: giftCardGroup.id,
      question: 'Do you sell gift cards or vouchers?',
      answer: ' Yes, from $10. ',
    });
    expect(u.told.map((e) => e.question)).toEqual(['Do you sell gift cards or vouchers?']);
    expect(u.snap().context).toMatchObject({ groups: [hoursGroup], open: 1, answering: null, error: null });

    u.actor.send({ type: 'group.dismiss', id: hoursGroup.id });
    await u.settle();
    expect(u.dismissed).toHaveBeenCalledWith(hoursGroup.id);
    expect(u.snap().context).toMatchObject({ groups: [], open: 0 });
  });

  it('says what to fix before a call, and keeps the text when the save fails', async () => {
    const u = start({ answer: async () => Promise.reject(broken) });
    await u.settle();
    u.actor.send({ type: 'group.answer', id: giftCardGroup.id });
    u.actor.send({ type: 'answer.save' });
    expect(u.snap().context.error).toBe(qaMessages.answerNeeded);
    expect(u.answered).not.toHaveBeenCalled();
    u.actor.send({ type: 'answer.changed', patch: { answer: 'Yes.' } });
    u.actor.send({ type: 'answer.save' });
    await u.settle();
    expect(u.snap().context.error).toBe('Internal server error');
    expect(u.snap().context.answering).toEqual({
      groupId: giftCardGroup.id,
      question: giftCardGroup.question,
      answer: 'Yes.',
    });
    expect(u.snap().context.open).toBe(2);
  });

  it('says so when the Q&A limit refuses the entry, keeping the text', async () => {
    const u = start({ answer: async () => Promise.reject(qaLimitError) });
    await u.settle();
    u.actor.send({ type: 'group.answer', id: giftCardGroup.id });
    u.actor.send({ type: 'answer.changed', patch: { answer: 'Yes.' } });
    u.actor.send({ type: 'answer.save' });
    await u.settle();
    expect(u.snap().context.error).toBe(unansweredMessages.limitReached);
    expect(u.snap().context.answering?.answer).toBe('Yes.');
  });

  it('dismissing another group keeps the answer being written', async () => {
    const u = start();
    await u.settle();
    u.actor.send({ type: 'group.answer', id: giftCardGroup.id });
    u.actor.send({ type: 'answer.changed', patch: { answer: 'Yes.' } });
    u.actor.send({ type: 'group.dismiss', id: hoursGroup.id });
    await u.settle();
    expect(u.snap().context.answering?.answer).toBe('Yes.');
  });

  it('refreshes quietly, keeping an answer being written while its group is open, and what is shown on a failure', async () => {
    const lists: Array<() => Promise<UnansweredList>> = [
      async () => ({ groups: [giftCardGroup], open: 1 }),
      async () => ({ groups: [hoursGroup, giftCardGroup], open: 2 }),
      async () => Promise.reject(broken),
      async () => ({ groups: [hoursGroup], open: 1 }),
    ];
    const u = start({ list: () => (lists.shift() as () => Promise<UnansweredList>)() });
    await u.settle();
    u.actor.send({ type: 'group.answer', id: giftCardGroup.id });
    u.actor.send({ type: 'answer.changed', patch: { answer: 'Yes.' } });
    const refreshed = () => waitFor(u.actor, (s) => s.matches({ ready: 'idle' }), { timeout: 10_000 });
    u.actor.send({ type: 'refresh' });
    await refreshed();
    expect(u.snap().context).toMatchObject({ open: 2, answering: { answer: 'Yes.' } });
    u.actor.send({ type: 'refresh' });
    await refreshed();
    expect(u.snap().context).toMatchObject({ open: 2, error: null, answering: { answer: 'Yes.' } });
    u.actor.send({ type: 'refresh' });
    await refreshed();
    expect(u.snap().context).toMatchObject({ groups: [hoursGroup], open: 1, answering: null });
  });

  it('is not offered on a server without the calls (404, 405, 501), quietly', async () => {
    for (const status of [404, 405, 501]) {
      const u = start({
        list: async () =>
          Promise.reject(new ApiError({ kind: 'http', status, endpoint: 'GET', message: 'No' })),
      });
      await u.settle();
      expect(u.snap().hasTag('notOffered')).toBe(true);
      expect(u.snap().context.error).toBeNull();
    }
  });
});

describeStateViews(unansweredQuestionsModel, {
  '*': { shows: (s: Snap) => expect(s.context.botId).toBe('bot-ava') },
  loading: {
    tags: ['loading'],
    runs: { list: (input: { botId: string }) => expect(input.botId).toBe('bot-ava') },
  },
  failed: { tags: ['loadFailed'], enabled: ['retry'] },
  ready: {
    enabled: (s: Snap) => [
      'answer.cancel',
      ...(s.matches({ ready: 'idle' }) ? ['refresh'] : []),
      ...(s.context.groups.length > 0 ? ['group.answer', 'group.dismiss'] : []),
      ...(s.context.answering ? ['answer.changed', 'answer.save'] : []),
    ],
  },
  'ready.idle': {},
  'ready.refreshing': {
    runs: { list: (input: { botId: string }) => expect(input.botId).toBe('bot-ava') },
  },
  saving: {
    tags: ['busy'],
    runs: {
      answer: (input: { draft: UnansweredDraft }) => expect(input.draft.groupId).toBe(giftCardGroup.id),
    },
  },
  dismissing: {
    tags: ['busy'],
    runs: { dismiss: (input: { id: string }) => expect(input.id).toBe(giftCardGroup.id) },
  },
  notOffered: { tags: ['notOffered'] },
});
