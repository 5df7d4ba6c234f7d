import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { standInApp, stopStandIns } from '../../../../tests/appSystem';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import { waitingCountModel } from '../../../demo/qa/flowModels/waitingCount.flowModel';
import type { LiveNews } from '../liveConnection/liveListener';
import { alertHandoff } from './alerts';
import { WAITING_POLL_MS, waitingCountMachine } from './waitingCount.machine';

type Snap = SnapshotFrom<typeof waitingCountMachine>;
const failure = new ApiError({
  kind: 'network',
  endpoint: 'GET /chat-session/waiting/count',
  message: 'Network error',
});
const notThere = new ApiError({
  kind: 'http',
  status: 404,
  endpoint: 'GET /chat-session/waiting/count',
  message: 'Not Found',
});

// The alerts themselves are alerts.ts' (tested there): here, when the count raises them.
vi.mock('./alerts', () => ({ alertHandoff: vi.fn() }));
const alerted = vi.mocked(alertHandoff);

afterEach(() => {
  stopStandIns();
  alerted.mockClear();
});

/** The count with stand-in answers (the last one repeats) and a stand-in live connection. */
function start(answers: Array<number | Error>) {
  const clock = new SimulatedClock();
  const queue = [...answers];
  const read = vi.fn(async (_signal?: AbortSignal) => {
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (next instanceof Error) throw next;
    return { count: next ?? 0 };
  });
  let tell: (event: LiveNews) => void = () => {};
  const app = standInApp({ clock });
  const actor = app.run(
    waitingCountMachine.provide({
      actors: {
        getWaitingCount: fromPromise(({ signal }) => read(signal)) as never,
        liveListener: fromCallback(({ sendBack }) => {
          tell = sendBack;
        }) as never,
      },
    }),
  );
  // Until no read is in flight, with a ceiling only a hang reaches.
  const settle = () => waitFor(actor, (s) => !s.hasTag('reading'), { timeout: 10_000 });
  return {
    actor,
    clock,
    read,
    settle,
    live: (e: LiveNews) => tell(e),
    snap: () => actor.getSnapshot(),
  };
}

describe('the count of conversations waiting for a person', () => {
  it('reads the count at start and again whenever the stream tells a change of handler or a gap', async () => {
    const w = start([1, 2, 0]);
    await w.settle();
    expect(w.snap().context.count).toBe(1);
    w.live({
      type: 'live.handling',
      sessionId: 's',
      handling: { by: 'waiting', reason: 'askedForPerson', since: '2026-11-24T10:00:00.000Z' },
    });
    await w.settle();
    expect(w.snap().context.count).toBe(2);
    w.live({ type: 'live.catchUp' });
    await w.settle();
    expect(w.snap().context.count).toBe(0);
    expect(w.read).toHaveBeenCalledTimes(3);
    // The conversation that started waiting raised the alerts, once.
    expect(alerted).toHaveBeenCalledExactlyOnceWith('s', 'askedForPerson');
  });

  it('raises no alert when a person takes a conversation or the bot has it back', async () => {
    const w = start([1]);
    await w.settle();
    w.live({ type: 'live.handling', sessionId: 's', handling: { by: 'bot' } });
    w.live({
      type: 'live.handling',
      sessionId: 's',
      handling: { by: 'person', since: '2026-11-24T10:00:00.000Z', until: null },
    });
    await w.settle();
    expect(alerted).not.toHaveBeenCalled();
    expect(w.read).toHaveBeenCalledTimes(3);
  });

  it('starts a read again when news comes while one is in flight (the earlier one may predate the change)', async () => {
    let overtaken: AbortSignal | undefined;
    const w = start([5, 0]);
    await w.settle();
    w.read.mockImplementationOnce((signal) => {
      overtaken = signal;
      return new Promise(() => {});
    });
    w.live({ type: 'live.catchUp' });
    expect(w.snap().hasTag('reading')).toBe(true);
    w.live({ type: 'live.catchUp' });
    // The read in flight is cancelled: whatever it would answer counts for nothing.
    expect(overtaken?.aborted).toBe(true);
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(3);
    expect(w.snap().context.count).toBe(0);
  });

  it('keeps following the stream when it is only down, and polls through failures when there is none', async () => {
    const w = start([1, 2, failure, 4, notThere]);
    await w.settle();
    w.live({ type: 'live.status', status: 'down', retryInMs: 5_000 });
    expect(w.snap().matches({ counting: 'following' })).toBe(true);
    w.live({ type: 'live.status', status: 'unavailable' });
    await w.settle();
    expect(w.snap().context.count).toBe(2);
    w.clock.increment(WAITING_POLL_MS);
    await w.settle();
    // A failed read keeps the count and the polling.
    expect(w.snap().context.count).toBe(2);
    expect(w.snap().matches({ counting: { polling: 'waiting' } })).toBe(true);
    w.clock.increment(WAITING_POLL_MS);
    await w.settle();
    expect(w.snap().context.count).toBe(4);
    w.clock.increment(WAITING_POLL_MS);
    await w.settle();
    expect(w.snap().hasTag('notOffered')).toBe(true);
  });

  it('keeps the last count through a failed read, and reads again at the next news', async () => {
    const w = start([3, failure, 1]);
    await w.settle();
    w.live({ type: 'live.catchUp' });
    await w.settle();
    expect(w.snap().context.count).toBe(3);
    expect(w.snap().matches({ counting: 'following' })).toBe(true);
    w.live({ type: 'live.catchUp' });
    await w.settle();
    expect(w.snap().context.count).toBe(1);
  });

  it('without a stream, reads it every WAITING_POLL_MS', async () => {
    const w = start([1, 2]);
    await w.settle();
    w.live({ type: 'live.status', status: 'unavailable' });
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(2);
    expect(w.snap().context.count).toBe(2);
    w.clock.increment(WAITING_POLL_MS - 1);
    expect(w.snap().matches({ counting: { polling: 'waiting' } })).toBe(true);
    expect(w.read).toHaveBeenCalledTimes(2);
    w.clock.increment(1);
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(3);
  });

  it('on a server without the call, asks nothing more and counts nothing', async () => {
    const w = start([notThere]);
    await w.settle();
    expect(w.snap().hasTag('notOffered')).toBe(true);
    expect(w.snap().context.count).toBeNull();
    w.live({ type: 'live.catchUp' });
    w.live({ type: 'live.status', status: 'unavailable' });
    w.clock.increment(WAITING_POLL_MS);
    expect(w.snap().hasTag('notOffered')).toBe(true);
    expect(w.read).toHaveBeenCalledTimes(1);
  });
});

describeStateViews(waitingCountModel, {
  '*': {
    // A count is a number of conversations, or not known.
    shows: (s: Snap) => {
      const { count } = s.context;
      if (count !== null) expect(Number.isInteger(count) && count >= 0).toBe(true);
    },
  },
  counting: {
    enabled: ['live.handling', 'live.catchUp', 'live.status'],
    runs: { liveListener: () => {} },
  },
  'counting.reading': { tags: ['reading'], runs: { getWaitingCount: () => {} } },
  'counting.following': {},
  'counting.polling': {},
  'counting.polling.waiting': {},
  'counting.polling.reading': { tags: ['reading'], runs: { getWaitingCount: () => {} } },
  notOffered: { tags: ['notOffered'] },
});
