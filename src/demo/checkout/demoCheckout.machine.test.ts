import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, waitFor } from 'xstate';
import { resetAndSeed } from '../../../mocks/node';
import { planOf } from '../../../mocks/rules';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, withMockServer } from '../../../mocks/testing';
import { describeStateViews } from '../../../tests/stateViews';
import { demoCheckoutModel } from '../qa/flowModels/demoCheckout.flowModel';
import { demoCheckoutMachine } from './demoCheckout.machine';

/** A pending checkout of the demo owner (a Starter trial) for Pro, as the app would create it. */
async function pendingCheckout(scheduleType: 1 | 2 = 1): Promise<string> {
  const answer = await call('POST', '/payments/create', {
    token: DEMO_OWNER.token,
    body: { membershipId: 'plan-pro', scheduleType },
  });
  return new URL(answer.body.redirectUrl).searchParams.get('session_id') ?? '';
}

function start(sessionId: string | null) {
  const returnPaid = vi.fn();
  const returnCancelled = vi.fn();
  const actor = createActor(
    demoCheckoutMachine.provide({
      actions: { returnPaid: (_, params) => returnPaid(params.sessionId), returnCancelled },
    }),
    { input: { sessionId } },
  ).start();
  return { actor, returnPaid, returnCancelled };
}

describe('demo checkout', () => {
  withMockServer();
  beforeEach(async () => {
    await resetAndSeed();
  });

  it('shows the pending session, pays it, and returns to payment success; the plan applies', async () => {
    const sessionId = await pendingCheckout(2);
    const { actor, returnPaid } = start(sessionId);
    await waitFor(actor, (s) => s.matches('open'));
    expect(actor.getSnapshot().context.checkout).toMatchObject({
      planName: 'Pro',
      amount: 299_000,
      scheduleType: 2,
    });
    actor.send({ type: 'checkout.paid' });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(returnPaid).toHaveBeenCalledWith(sessionId);
    expect(planOf(DEMO_OWNER.id).name).toBe('Pro');
  });

  it('cancels: back to billing, nothing changes', async () => {
    const { actor, returnCancelled, returnPaid } = start(await pendingCheckout());
    await waitFor(actor, (s) => s.matches('open'));
    actor.send({ type: 'checkout.cancelled' });
    await waitFor(actor, (s) => s.matches('cancelled'));
    expect(returnCancelled).toHaveBeenCalledTimes(1);
    expect(returnPaid).not.toHaveBeenCalled();
    expect(planOf(DEMO_OWNER.id).name).toBe('Starter');
  });

  it('knows an unknown, a missing and an already paid session', async () => {
    expect(start(null).actor.getSnapshot().value).toBe('unknown');
    const unknown = start('cs_nope').actor;
    await waitFor(unknown, (s) => s.matches('unknown'));
    const sessionId = await pendingCheckout();
    const first = start(sessionId).actor;
    await waitFor(first, (s) => s.matches('open'));
    first.send({ type: 'checkout.paid' });
    await waitFor(first, (s) => s.matches('paid'));
    const again = start(sessionId).actor;
    await waitFor(again, (s) => s.matches('alreadyPaid'));
  });
});

type Snap = SnapshotFrom<typeof demoCheckoutMachine>;
const sessionId = 'cs_demo_model';

describe('demo checkout model views', () => {
  // Where the page sends the user back to the app, as the provider's success and cancel URLs would.
  let returned = { paid: [] as string[], cancelled: 0 };
  const fresh = () => {
    returned = { paid: [], cancelled: 0 };
  };
  const status = (s: Snap) => s.context.checkout?.status;
  const stays = () => expect(returned).toEqual({ paid: [], cancelled: 0 });

  describeStateViews(
    {
      ...demoCheckoutModel,
      machine: demoCheckoutMachine.provide({
        actions: {
          returnPaid: (_, params) => returned.paid.push(params.sessionId),
          returnCancelled: () => returned.cancelled++,
        },
      }),
    },
    {
      checking: {},
      loading: {
        runs: { lookup: (input: { sessionId: string }) => expect(input).toEqual({ sessionId }) },
        shows: stays,
      },
      // A pending checkout: its summary, Pay and Cancel.
      open: {
        enabled: ['checkout.paid', 'checkout.cancelled'],
        shows: (s: Snap) => {
          expect(status(s)).toBe('pending');
          stays();
        },
      },
      'open.ready': {},
      'open.failed': { tags: ['error'] },
      paying: {
        tags: ['busy', 'paying'],
        runs: { pay: (input: { sessionId: string }) => expect(input).toEqual({ sessionId }) },
        shows: (s: Snap) => expect(status(s)).toBe('pending'),
      },
      cancelling: {
        tags: ['busy', 'cancelling'],
        runs: { cancel: (input: { sessionId: string }) => expect(input).toEqual({ sessionId }) },
        shows: (s: Snap) => expect(status(s)).toBe('pending'),
      },
      // Paid here: back to the app with the session, once.
      paid: {
        tags: ['busy'],
        shows: (s: Snap) => {
          expect(status(s)).toBe('paid');
          expect(returned).toEqual({ paid: [sessionId], cancelled: 0 });
        },
      },
      cancelled: {
        tags: ['busy'],
        shows: (s: Snap) => {
          expect(status(s)).toBe('cancelled');
          expect(returned).toEqual({ paid: [], cancelled: 1 });
        },
      },
      // Settled elsewhere: the page says so and stays.
      alreadyPaid: {
        shows: (s: Snap) => {
          expect(status(s)).toBe('paid');
          stays();
        },
      },
      alreadyCancelled: {
        shows: (s: Snap) => {
          expect(status(s)).toBe('cancelled');
          stays();
        },
      },
      unknown: {
        shows: (s: Snap) => {
          if (s.context.sessionId === null) expect(s.context.checkout).toBeNull();
          stays();
        },
      },
    },
    { beforeEachReplay: fresh },
  );
});
