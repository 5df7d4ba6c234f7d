import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromCallback } from 'xstate';
import { TimeRange } from '../../api/schemas/instances';
import { readCheckoutSession, rememberCheckoutSession } from '../billing/links';
import { usageBillingMachine } from './usageBilling.machine';

function start(userId = 'user-1') {
  const billing: EventObject[] = [];
  const inputs: Record<string, unknown> = {};
  // Stand-ins for the three flows: each records what it started from and what it was told.
  const child = (name: string, into?: EventObject[]) =>
    fromCallback<EventObject, unknown>(({ input, receive }) => {
      inputs[name] = input;
      receive((event) => into?.push(event));
    }) as never;
  const actor = createActor(
    usageBillingMachine.provide({
      actors: { billing: child('billing', billing), usage: child('usage'), planChange: child('planChange') },
    }),
    { input: { userId, returnSessionId: 'cs_returned' } },
  ).start();
  return { actor, billing, inputs };
}

describe('usage and billing screen', () => {
  it('runs the membership, the usage and the plan change, each with what it starts from', () => {
    rememberCheckoutSession('user-1', 'cs_earlier');
    const { inputs } = start();
    expect(inputs).toEqual({
      billing: { checkoutSessionId: 'cs_earlier' },
      // All time first.
      usage: { params: { timeRange: TimeRange.all } },
      planChange: { returnSessionId: 'cs_returned' },
    });
  });

  it("remembers the provider's paid session for the user and gives it to the membership", () => {
    const { actor, billing } = start();
    actor.send({ type: 'checkout.returned', sessionId: 'cs_paid' });
    expect(readCheckoutSession('user-1')).toBe('cs_paid');
    expect(billing).toEqual([{ type: 'subscription.sessionKnown', sessionId: 'cs_paid' }]);
  });

  it('has the membership fetched again when the plan changed', () => {
    const { actor, billing } = start();
    actor.send({ type: 'plan.changed' });
    expect(billing).toEqual([{ type: 'membership.refresh' }]);
  });
});
