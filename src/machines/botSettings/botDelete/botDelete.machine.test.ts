import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { DEMO_BOTS, DEMO_LINE } from '../../../../mocks/seed';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import { botDeleteModel, mainLine } from '../../../demo/qa/flowModels/botDelete.flowModel';
import { botDeleteMachine } from './botDelete.machine';

type Snap = SnapshotFrom<typeof botDeleteMachine>;
const ava = { botId: DEMO_BOTS.ava.id, botName: DEMO_BOTS.ava.name };
const failure = new ApiError({ kind: 'http', status: 500, endpoint: 'x', message: 'Internal server error' });

function start(fakes: { list?: () => Promise<unknown>; remove?: (id: string) => Promise<unknown> } = {}) {
  const list = vi.fn(
    fakes.list ?? (async () => [mainLine, { ...mainLine, id: 'other', chatbotId: 'bot-leo' }]),
  );
  const remove = vi.fn(fakes.remove ?? (async (_id: string) => ({ success: true })));
  const actor = createActor(
    botDeleteMachine.provide({
      actors: {
        listInstances: fromPromise(() => list()) as never,
        deleteBot: fromPromise(({ input }: { input: { id: string } }) => remove(input.id)) as never,
      },
    }),
    { input: ava },
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, list, remove, settle, snap: () => actor.getSnapshot() };
}

describe('deleting a chatbot', () => {
  it('names only the numbers the bot answers, then deletes it when confirmed', async () => {
    const { actor, remove, settle, snap } = start();
    expect(snap().hasTag('checking')).toBe(true);
    await settle();
    expect(snap().context.linked).toEqual([{ id: DEMO_LINE.id, instanceName: DEMO_LINE.instanceName }]);
    expect(remove).not.toHaveBeenCalled();
    actor.send({ type: 'delete.confirmed' });
    expect(snap().hasTag('deleting')).toBe(true);
    await settle();
    expect(remove).toHaveBeenCalledWith(DEMO_BOTS.ava.id);
    expect(snap().status).toBe('done');
    expect(snap().output).toEqual({ deleted: true });
  });

  it('may delete even when the numbers could not be read, and says so', async () => {
    const { actor, settle, snap } = start({ list: async () => Promise.reject(failure) });
    await settle();
    expect(snap().context.linked).toBeNull();
    expect(snap().context.linkError).toBe('Internal server error');
    actor.send({ type: 'delete.confirmed' });
    await settle();
    expect(snap().output).toEqual({ deleted: true });
  });

  it('keeps the question open with the reason when the delete fails, and can try again', async () => {
    let fail = true;
    const { actor, remove, settle, snap } = start({
      remove: async () => (fail ? Promise.reject(failure) : { success: true }),
    });
    await settle();
    actor.send({ type: 'delete.confirmed' });
    await settle();
    expect(snap().value).toBe('asking');
    expect(snap().context.error).toBe('Internal server error');
    fail = false;
    actor.send({ type: 'delete.confirmed' });
    expect(snap().context.error).toBeNull();
    await settle();
    expect(remove).toHaveBeenCalledTimes(2);
    expect(snap().output).toEqual({ deleted: true });
  });

  it('cancelling ends it without deleting, even while the numbers are being read', async () => {
    const { actor, remove, snap } = start();
    actor.send({ type: 'delete.cancelled' });
    expect(snap().output).toEqual({ deleted: false });
    expect(remove).not.toHaveBeenCalled();
  });
});

describeStateViews(botDeleteModel, {
  '*': { shows: (s: Snap) => expect(s.context.botName).toBe(DEMO_BOTS.ava.name) },
  checking: {
    tags: ['checking'],
    enabled: ['delete.cancelled'],
    runs: { listInstances: () => {} },
    shows: (s: Snap) => expect(s.context.linked).toBeNull(),
  },
  // The question: the numbers it answers (or why they are unknown), and the last failure if any.
  asking: {
    enabled: ['delete.confirmed', 'delete.cancelled'],
    shows: (s: Snap) => {
      if (s.context.linked === null) expect(s.context.linkError).not.toBeNull();
      else expect(s.context.linked.every((i) => i.id === DEMO_LINE.id)).toBe(true);
    },
  },
  deleting: {
    tags: ['deleting'],
    runs: { deleteBot: (input: { id: string }) => expect(input).toEqual({ id: DEMO_BOTS.ava.id }) },
    shows: (s: Snap) => expect(s.context.error).toBeNull(),
  },
  deleted: { shows: (s: Snap) => expect(s.output).toEqual({ deleted: true }) },
  cancelled: { shows: (s: Snap) => expect(s.output).toEqual({ deleted: false }) },
});
