import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { startInAppSystem, stopStandIns } from '../../../../../tests/appSystem';
import { describeStateViews } from '../../../../../tests/stateViews';
import { ApiError } from '../../../../api/errors';
import type { Chatbot } from '../../../../api/schemas/chatbots';
import type { QaEntry } from '../../../../api/schemas/knowledgeQa';
import { improveAnswerModel } from '../../../../demo/qa/flowModels/improveAnswer.flowModel';
import { shippingEntry } from '../../../../demo/qa/flowModels/qaKnowledge.flowModel';
import { qaMessages } from '../qa/qaKnowledge.machine';
import { type ImproveAnswerInput, improveAnswerMachine, improveMessages } from './improveAnswer.machine';

type Snap = SnapshotFrom<typeof improveAnswerMachine>;
type Body = { botId: string; question: string; answer: string };
const full = new ApiError({ kind: 'http', status: 409, endpoint: 'POST', message: 'A bot keeps at most 50' });
const gone = new ApiError({ kind: 'http', status: 404, endpoint: 'POST', message: 'Not Found' });
const bot = (id: string, name: string) => ({ id, name }) as Chatbot;
const exchange = { question: 'Do you ship to Singapore?', botAnswer: 'Malaysia only.' };

afterEach(() => stopStandIns());

function start(
  input: Partial<ImproveAnswerInput> = {},
  {
    bots = [bot('bot-ava', 'Ava')],
    save = async (_b: Body): Promise<QaEntry> => shippingEntry,
    botsFailOnce = false,
  } = {},
) {
  let fail = botsFailOnce;
  const listBots = vi.fn(async (_userId: string) => {
    if (fail) {
      fail = false;
      throw new Error('offline');
    }
    return bots;
  });
  const saved = vi.fn(save);
  const { actor } = startInAppSystem(
    improveAnswerMachine.provide({
      actors: {
        listBots: fromPromise(({ input: i }: { input: { userId: string } }) => listBots(i.userId)),
        save: fromPromise(({ input: i }: { input: Body }) => saved(i)),
      },
    }),
    { input: { ...exchange, chatbotId: 'bot-ava', userId: 'user-1', ...input } },
  );
  const settle = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('busy'), { timeout: 10_000 });
  return { actor, listBots, saved, settle, snap: () => actor.getSnapshot() };
}

describe('improving an answer', () => {
  it("saves the right answer as an entry of the conversation's bot, the customer's message its question", async () => {
    const f = start();
    expect(f.snap().value).toBe('editing');
    expect(f.listBots).not.toHaveBeenCalled();
    f.actor.send({
      type: 'draft.changed',
      patch: { question: ' Do you ship to Singapore? ', answer: ' Yes. ' },
    });
    f.actor.send({ type: 'save' });
    await f.settle();
    expect(f.saved).toHaveBeenCalledWith({
      botId: 'bot-ava',
      question: ' Do you ship to Singapore? ',
      answer: ' Yes. ',
    });
    expect(f.snap().value).toBe('saved');
    expect(f.snap().context.saved).toEqual(shippingEntry);
  });

  it('asks which bot when the server does not say, and takes the only one', async () => {
    const two = start({ chatbotId: null }, { bots: [bot('a', 'A'), bot('b', 'B')] });
    await two.settle();
    expect(two.listBots).toHaveBeenCalledWith('user-1');
    expect(two.snap().context).toMatchObject({
      botId: null,
      bots: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
    });
    two.actor.send({ type: 'draft.changed', patch: { answer: 'Yes.' } });
    two.actor.send({ type: 'save' });
    expect(two.snap().context.error).toBe(improveMessages.botNeeded);
    expect(two.saved).not.toHaveBeenCalled();
    two.actor.send({ type: 'draft.changed', patch: { botId: 'b' } });
    expect(two.snap().context.error).toBeNull();
    two.actor.send({ type: 'save' });
    await two.settle();
    expect(two.saved).toHaveBeenCalledWith(expect.objectContaining({ botId: 'b' }));

    const one = start({ chatbotId: null });
    await one.settle();
    expect(one.snap().context.botId).toBe('bot-ava');
  });

  it('says what to fix before a call, and keeps what was written when the server refuses it', async () => {
    const f = start({}, { save: async () => Promise.reject(full) });
    f.actor.send({ type: 'save' });
    expect(f.snap().context.error).toBe(qaMessages.answerNeeded);
    f.actor.send({ type: 'draft.changed', patch: { question: '' } });
    f.actor.send({ type: 'save' });
    expect(f.snap().context.error).toBe(qaMessages.questionNeeded);
    f.actor.send({ type: 'draft.changed', patch: { question: 'Ship to SG?', answer: 'Yes.' } });
    f.actor.send({ type: 'save' });
    await f.settle();
    expect(f.snap().value).toBe('editing');
    expect(f.snap().context).toMatchObject({
      question: 'Ship to SG?',
      answer: 'Yes.',
      error: 'A bot keeps at most 50',
    });
  });

  it('is not offered by a server without the Q&A calls, and a failed bot list can be retried', async () => {
    const f = start({}, { save: async () => Promise.reject(gone) });
    f.actor.send({ type: 'draft.changed', patch: { answer: 'Yes.' } });
    f.actor.send({ type: 'save' });
    await f.settle();
    expect(f.snap().value).toBe('notOffered');

    const g = start({ chatbotId: null }, { botsFailOnce: true });
    await g.settle();
    expect(g.snap().value).toBe('botsFailed');
    expect(g.snap().context.error).toBe('offline');
    g.actor.send({ type: 'retry' });
    await g.settle();
    expect(g.snap().value).toBe('editing');
    expect(g.snap().context).toMatchObject({ botId: 'bot-ava', error: null });
  });
});

describeStateViews(improveAnswerModel, {
  '*': { shows: (s: Snap) => expect(s.context.question).toBe('Do you ship to Singapore?') },
  start: {},
  loadingBots: {
    tags: ['loading'],
    runs: { listBots: (input: { userId: string }) => expect(input.userId).toBe('user-1') },
  },
  botsFailed: { tags: ['loadFailed'], enabled: ['retry'] },
  editing: { enabled: ['draft.changed', 'save'] },
  saving: { tags: ['busy'], runs: { save: () => {} } },
  saved: {},
  notOffered: { tags: ['notOffered'] },
});
