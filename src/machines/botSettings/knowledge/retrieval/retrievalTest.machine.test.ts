import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { startInAppSystem, stopStandIns } from '../../../../../tests/appSystem';
import { describeStateViews } from '../../../../../tests/stateViews';
import { ApiError } from '../../../../api/errors';
import { retrievalTestModel, shippingPassages } from '../../../../demo/qa/flowModels/retrievalTest.flowModel';
import { type Found, queryProblem, retrievalMessages, retrievalTestMachine } from './retrievalTest.machine';

type Snap = SnapshotFrom<typeof retrievalTestMachine>;
const broken = new ApiError({
  kind: 'http',
  status: 500,
  endpoint: 'POST',
  message: 'The index is rebuilding',
});
const absent = new ApiError({ kind: 'http', status: 404, endpoint: 'POST', message: 'Not Found' });

afterEach(() => stopStandIns());

function start(
  answer: (query: string) => Promise<Found> = async (query) => ({ passages: shippingPassages, query }),
) {
  const search = vi.fn(answer);
  const { actor } = startInAppSystem(
    retrievalTestMachine.provide({
      actors: {
        search: fromPromise(({ input }: { input: { botId: string; query: string } }) => search(input.query)),
      },
    }),
    { input: { botId: 'bot-1' } },
  );
  // Until no call is in flight, with a ceiling only a hang reaches.
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 });
  return { actor, search, settle, snap: () => actor.getSnapshot() };
}

describe('the retrieval test', () => {
  it('runs the question typed and keeps the passages found for it, best first', async () => {
    const r = start();
    expect(r.snap().context.passages).toBeNull();
    r.actor.send({ type: 'query.changed', text: '  Can you ship to Singapore? ' });
    r.actor.send({ type: 'run' });
    expect(r.snap().hasTag('busy')).toBe(true);
    // Typing while it runs changes the field, not what the results are for.
    r.actor.send({ type: 'query.changed', text: 'Can you ship to Japan?' });
    await r.settle();
    expect(r.search).toHaveBeenCalledWith('Can you ship to Singapore?');
    expect(r.snap().context).toMatchObject({
      query: 'Can you ship to Japan?',
      passages: shippingPassages,
      ranFor: 'Can you ship to Singapore?',
      error: null,
    });
  });

  it('refuses an empty question before any call, saying what to write', () => {
    const r = start();
    r.actor.send({ type: 'query.changed', text: '   ' });
    r.actor.send({ type: 'run' });
    expect(r.search).not.toHaveBeenCalled();
    expect(r.snap().context.error).toBe(retrievalMessages.queryNeeded);
    expect(r.snap().value).toEqual({ ready: 'idle' });
  });

  it('keeps the question through a failure and runs it again on retry', async () => {
    let fail = true;
    const r = start(async (query) => {
      if (fail) throw broken;
      return { passages: [], query };
    });
    r.actor.send({ type: 'query.changed', text: 'Opening hours?' });
    r.actor.send({ type: 'run' });
    await r.settle();
    expect(r.snap().hasTag('failed')).toBe(true);
    expect(r.snap().context).toMatchObject({ query: 'Opening hours?', error: 'The index is rebuilding' });
    fail = false;
    r.actor.send({ type: 'retry' });
    await r.settle();
    expect(r.search).toHaveBeenCalledTimes(2);
    expect(r.snap().context).toMatchObject({ passages: [], ranFor: 'Opening hours?', error: null });
    expect(r.snap().hasTag('failed')).toBe(false);
  });

  it('on a server without the call, steps aside quietly', async () => {
    const r = start(async () => Promise.reject(absent));
    r.actor.send({ type: 'query.changed', text: 'Opening hours?' });
    r.actor.send({ type: 'run' });
    await r.settle();
    expect(r.snap().hasTag('notOffered')).toBe(true);
    expect(r.snap().can({ type: 'run' })).toBe(false);
  });

  it('knows what keeps a question from being run', () => {
    expect(queryProblem('Q?')).toBeNull();
    expect(queryProblem(' ')).toBe(retrievalMessages.queryNeeded);
    expect(queryProblem('x'.repeat(500))).toBeNull();
    expect(queryProblem('x'.repeat(501))).toBe(retrievalMessages.queryTooLong);
  });
});

describeStateViews(retrievalTestModel, {
  '*': { shows: (s: Snap) => expect(s.context.botId).toBe('bot-ava') },
  ready: { enabled: ['query.changed', 'run'] },
  'ready.idle': {},
  'ready.failed': {
    tags: ['failed'],
    enabled: ['retry'],
    shows: (s: Snap) => expect(s.context.error).not.toBeNull(),
  },
  running: {
    tags: ['busy'],
    enabled: ['query.changed'],
    runs: { search: (input: { botId: string; query: string }) => expect(input.query).not.toBe('') },
  },
  notOffered: { tags: ['notOffered'] },
});
