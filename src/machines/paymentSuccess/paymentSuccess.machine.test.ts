import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import type { PaymentSessionDetails } from '../../api/schemas/payments';
import { paymentSuccessModel, sampleDetails } from '../../demo/qa/flowModels/paymentSuccess.flowModel';
import { readCheckoutSession } from '../usageBilling/billing/links';
import { paymentSuccessMachine, paymentSuccessMessages } from './paymentSuccess.machine';

const details = { paymentAmount: 29_900, paymentCurrency: 'usd' } as PaymentSessionDetails;
const settle = () => new Promise((r) => setTimeout(r, 0));

function start(
  sessionId: string | null,
  load: (sessionId: string) => Promise<PaymentSessionDetails> = async () => details,
) {
  const loadSpy = vi.fn(load);
  const remember = vi.fn();
  const actor = createActor(
    paymentSuccessMachine.provide({
      actors: { loadDetails: fromPromise(({ input }) => loadSpy(input.sessionId)) },
      actions: { rememberSession: (_, params) => remember(params.sessionId) },
    }),
    { input: { sessionId } },
  ).start();
  return { actor, loadSpy, remember };
}

describe('payment success', () => {
  it("remembers the paid session as the signed-in user's, once its details loaded", async () => {
    const actor = createActor(
      paymentSuccessMachine.provide({ actors: { loadDetails: fromPromise(async () => details) } }),
      { input: { sessionId: ' cs_paid ', userId: 'user-7' } },
    ).start();
    expect(readCheckoutSession('user-7')).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(readCheckoutSession('user-7')).toBe('cs_paid');
    expect(readCheckoutSession('user-8')).toBeNull();
  });

  it.each([null, '', '  '])('needs a sessionId (%j): the load-failed card, no call', (sessionId) => {
    const { actor, loadSpy } = start(sessionId);
    expect(actor.getSnapshot().value).toBe('missing');
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(paymentSuccessMessages.missingSession);
    expect(loadSpy).not.toHaveBeenCalled();
  });

  it('loads the details of the session and remembers it', async () => {
    const { actor, loadSpy, remember } = start('cs_1');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(loadSpy).toHaveBeenCalledWith('cs_1');
    expect(actor.getSnapshot().context.details).toEqual(details);
    expect(remember).toHaveBeenCalledWith('cs_1');
  });

  it('shows the fetch-failed card, remembers nothing, and can retry', async () => {
    let fail = true;
    const { actor, remember } = start('cs_1', async () => {
      if (fail) throw new Error('404');
      return details;
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual(paymentSuccessMessages.fetchFailed);
    expect(remember).not.toHaveBeenCalled();
    fail = false;
    actor.send({ type: 'details.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
  });
});

type Snap = SnapshotFrom<typeof paymentSuccessMachine>;
const paidSession = paymentSuccessModel.input?.sessionId;

/** A state shows its whole context: the paid session's, with nothing loaded and no error, but for `over`. */
const showsContext = (over: Partial<Snap['context']>) => (s: Snap) =>
  expect(s.context).toEqual({ sessionId: paidSession, userId: null, details: null, error: null, ...over });

describeStateViews(paymentSuccessModel, {
  // Never at rest: the sessionId from the address decides at once.
  checking: {},
  missing: {
    tags: ['loadFailed'],
    // Nothing to retry without a session: only the way back to billing.
    shows: showsContext({ sessionId: null, error: paymentSuccessMessages.missingSession }),
  },
  loading: {
    tags: ['busy'],
    runs: {
      loadDetails: (input: { sessionId: string }) => expect(input).toEqual({ sessionId: paidSession }),
    },
    // A retry's earlier failure is not on screen while loading.
    shows: (s: Snap) => {
      expect(s.context.details).toBeNull();
      expect([null, paymentSuccessMessages.fetchFailed]).toContainEqual(s.context.error);
    },
  },
  ready: { shows: showsContext({ details: sampleDetails }) },
  failed: {
    tags: ['loadFailed'],
    enabled: ['details.retry'],
    shows: showsContext({ error: paymentSuccessMessages.fetchFailed }),
  },
});
