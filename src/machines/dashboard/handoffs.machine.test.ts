import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, waitFor } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import * as api from '../../api/dashboardHandoffs';
import { ApiError } from '../../api/errors';
import { handoffsModel, sampleHandoffs } from '../../demo/qa/flowModels/handoffs.flowModel';
import { handoffsMachine } from './handoffs.machine';

vi.mock('../../api/dashboardHandoffs', () => ({ getHandoffFigures: vi.fn() }));
const getHandoffFigures = vi.mocked(api.getHandoffFigures);

const endpoint = 'GET /dashboard/handoffs';
const failure = (status: number, message: string) =>
  new ApiError({ kind: 'http', status, endpoint, message });

beforeEach(() => {
  getHandoffFigures.mockReset().mockResolvedValue(sampleHandoffs);
});

/** Until the call in flight has answered, with a ceiling only a hang reaches. */
const settled = (actor: ReturnType<typeof start>) =>
  waitFor(actor, (s) => !s.hasTag('loading'), { timeout: 10_000 });
const start = () => createActor(handoffsMachine).start();

describe('hand-off figures', () => {
  it('loads at once and shows the answer', async () => {
    const actor = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(getHandoffFigures).toHaveBeenCalledExactlyOnceWith(expect.any(AbortSignal));
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toEqual({ data: sampleHandoffs, error: null });
  });

  it('reloads keeping the figures shown, and a reload during a call cancels it and asks again', async () => {
    const signals: AbortSignal[] = [];
    const actor = start();
    await settled(actor);
    getHandoffFigures.mockImplementation((signal) => {
      if (signal) signals.push(signal);
      return new Promise(() => {});
    });
    actor.send({ type: 'handoffs.reload' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual(sampleHandoffs);
    actor.send({ type: 'handoffs.reload' });
    expect(signals[0]?.aborted).toBe(true);
    expect(getHandoffFigures).toHaveBeenCalledTimes(3);
  });

  it('fails with the server’s message, keeping what was shown, and a retry asks again', async () => {
    const actor = start();
    await settled(actor);
    getHandoffFigures.mockRejectedValueOnce(failure(500, 'Server down'));
    actor.send({ type: 'handoffs.reload' });
    await settled(actor);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ data: sampleHandoffs, error: 'Server down' });
    actor.send({ type: 'handoffs.retry' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(getHandoffFigures).toHaveBeenCalledTimes(3);
  });

  it.each([404, 405, 501])(
    'steps aside for good when the server answers %i: no error kept, nothing asked again',
    async (status) => {
      getHandoffFigures.mockRejectedValue(failure(status, `Cannot GET /api/v1/dashboard/handoffs`));
      const actor = start();
      await settled(actor);
      expect(actor.getSnapshot().value).toBe('notOffered');
      expect(actor.getSnapshot().context.error).toBeNull();
      for (const type of ['handoffs.retry', 'handoffs.reload'] as const) {
        expect(actor.getSnapshot().can({ type })).toBe(false);
        actor.send({ type });
      }
      expect(getHandoffFigures).toHaveBeenCalledTimes(1);
    },
  );

  it('a failure after a server error that turns out to be a missing call forgets the error', async () => {
    getHandoffFigures.mockRejectedValueOnce(failure(500, 'Server down'));
    const actor = start();
    await settled(actor);
    getHandoffFigures.mockRejectedValueOnce(failure(404, 'Cannot GET /api/v1/dashboard/handoffs'));
    actor.send({ type: 'handoffs.retry' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('notOffered');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

const serverError = 'Internal server error';

describeStateViews(handoffsModel, {
  // What is shown: nothing yet, or the one answer the model gives.
  '*': {
    shows: (s: AnyMachineSnapshot) => expect([null, sampleHandoffs]).toContainEqual(s.context.data),
  },
  loading: {
    tags: ['loading'],
    enabled: ['handoffs.reload'],
    runs: { load: (input: unknown) => expect(input).toBeUndefined() },
  },
  ready: {
    enabled: ['handoffs.reload'],
    shows: (s) => expect(s.context).toEqual({ data: sampleHandoffs, error: null }),
  },
  failed: {
    tags: ['failed'],
    enabled: ['handoffs.retry', 'handoffs.reload'],
    shows: (s) => expect(s.context.error).toBe(serverError),
  },
  // Said once: nothing to retry or reload, and no error to show.
  notOffered: {
    tags: ['notOffered'],
    shows: (s) => expect(s.context.error).toBeNull(),
  },
});
