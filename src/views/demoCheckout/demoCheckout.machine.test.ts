import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { resetAndSeed } from '../../../mocks/node';
import { planOf } from '../../../mocks/rules';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, withMockServer } from '../../../mocks/testing';
import { coverage } from '../../../tests/coverage';
import { modelPaths, replay, stateCoverage } from '../../machines/model';
import { demoCheckoutMachine } from './demoCheckout.machine';
import { demoCheckoutModel } from './demoCheckout.model';

withMockServer();
beforeEach(async () => {
  await resetAndSeed();
});

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

describe('demo checkout model', () => {
  const paths = [demoCheckoutModel.input, ...(demoCheckoutModel.inputs ?? [])].flatMap((input) =>
    modelPaths(demoCheckoutMachine, { ...demoCheckoutModel, input }).shortest.map((path) => ({
      path,
      input,
    })),
  );

  it('reaches every state and transition', () => {
    expect(
      stateCoverage(
        demoCheckoutMachine,
        paths.map((p) => p.path),
      ).missing,
    ).toEqual([]);
    expect(coverage(demoCheckoutMachine, demoCheckoutModel).transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [JSON.stringify(p.path.state.value), p] as const))(
    'replays the shortest path to %s',
    (_, { path, input }) => {
      expect(replay(demoCheckoutMachine, path, input).value).toEqual(path.state.value);
    },
  );
});
