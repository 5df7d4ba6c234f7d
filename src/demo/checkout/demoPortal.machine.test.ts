import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom, waitFor } from 'xstate';
import { db } from '../../../mocks/db';
import { resetAndSeed } from '../../../mocks/node';
import { getPortal } from '../../../mocks/portal';
import { DEMO_ADMIN, DEMO_ADMIN_CHECKOUT } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { describeStateViews } from '../../../tests/stateViews';
import { demoPortalModel } from '../qa/flowModels/demoPortal.flowModel';
import { demoPortalMachine } from './demoPortal.machine';

withMockServer();

type Snap = SnapshotFrom<typeof demoPortalMachine>;
const navigated: string[] = [];
afterEach(() => {
  navigated.length = 0;
});

/** The portal of the demo admin's paid yearly Pro checkout, against the in-page mock backend. */
async function open(sessionId: string | null = DEMO_ADMIN_CHECKOUT.sessionId) {
  await resetAndSeed();
  const actor = createActor(
    demoPortalMachine.provide({
      actions: {
        toCardForm: ({ event }) => navigated.push(`card:${(event as unknown as { output: string }).output}`),
        returnToBilling: () => navigated.push('/usage-billing'),
      },
    }),
    { input: { sessionId } },
  ).start();
  await waitFor(actor, (s) => !s.matches('checking') && !s.matches('loading'), { timeout: 10_000 });
  return actor;
}
const settled = (actor: Awaited<ReturnType<typeof open>>) =>
  waitFor(actor, (s) => !s.hasTag('busy') || s.matches('returning') || s.matches('leaving'), {
    timeout: 10_000,
  });
const membership = () => db.memberships.findFirst((q) => q.where((m) => m.userId === DEMO_ADMIN.id));

describe('demo customer portal', () => {
  it('shows the subscription of the checkout, cancels it at period end and resumes it', async () => {
    const actor = await open();
    expect(actor.getSnapshot().context.portal).toMatchObject({
      planName: 'Pro',
      scheduleType: 2,
      cancelAtPeriodEnd: false,
      card: expect.objectContaining({ last4: expect.stringMatching(/^\d{4}$/) }),
    });
    actor.send({ type: 'portal.cancelRequested' });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      changed: 'cancelled',
      portal: { cancelAtPeriodEnd: true },
    });
    expect(membership()?.cancelAtPeriodEnd).toBe(true);
    actor.send({ type: 'portal.resumeRequested' });
    await settled(actor);
    expect(actor.getSnapshot().context.changed).toBe('resumed');
    expect(membership()?.cancelAtPeriodEnd).toBe(false);
  });

  it('switches the cycle of the next period and keeps the one paid for', async () => {
    const actor = await open();
    const end = membership()?.endDate;
    actor.send({ type: 'portal.cycleChosen', scheduleType: 1 });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ changed: 'switched', portal: { scheduleType: 1 } });
    expect(membership()).toMatchObject({ scheduleType: 1, endDate: end });
  });

  it('updates the card on the demo card form, and returns to billing', async () => {
    const actor = await open();
    actor.send({ type: 'portal.cardUpdateRequested' });
    await settled(actor);
    expect(navigated).toEqual([expect.stringMatching(/^card:seti_demo_/)]);
    const setup = navigated[0]?.slice('card:'.length);
    expect(db.cardSetups.findFirst((q) => q.where((s) => s.sessionId === setup))).toMatchObject({
      userId: DEMO_ADMIN.id,
      status: 'pending',
    });
    const back = await open();
    back.send({ type: 'portal.returned' });
    expect(navigated.at(-1)).toBe('/usage-billing');
  });

  it('a link without a session, or of no paid plan checkout, says it is not valid', async () => {
    expect((await open(null)).getSnapshot().matches('unknown')).toBe(true);
    expect((await open('cs_nobody')).getSnapshot().matches('unknown')).toBe(true);
    expect(getPortal('cs_nobody')).toBeNull();
  });
});

describe('demo portal model views', () => {
  const sessionId = demoPortalModel.input?.sessionId;
  describeStateViews(
    {
      ...demoPortalModel,
      machine: demoPortalMachine.provide({
        actions: { toCardForm: () => navigated.push('card'), returnToBilling: () => navigated.push('back') },
      }),
    },
    {
      checking: {},
      loading: { runs: { lookup: (input: { sessionId: string }) => expect(input).toEqual({ sessionId }) } },
      open: {
        enabled: [
          'portal.cancelRequested',
          'portal.resumeRequested',
          'portal.cycleChosen',
          'portal.cardUpdateRequested',
          'portal.returned',
        ],
        shows: (s: Snap) => expect(s.context.portal).not.toBeNull(),
      },
      'open.ready': {},
      'open.failed': { tags: ['error'] },
      cancelling: {
        tags: ['busy'],
        runs: {
          change: (input: unknown) =>
            expect(input).toEqual({ sessionId, change: 'cancelled', scheduleType: 1 }),
        },
      },
      resuming: {
        tags: ['busy'],
        runs: {
          change: (input: unknown) =>
            expect(input).toEqual({ sessionId, change: 'resumed', scheduleType: 1 }),
        },
      },
      switching: {
        tags: ['busy'],
        runs: {
          change: (input: unknown) =>
            expect(input).toEqual({ sessionId, change: 'switched', scheduleType: 2 }),
        },
      },
      updatingCard: {
        tags: ['busy'],
        runs: { cardUpdate: (input: unknown) => expect(input).toEqual({ sessionId }) },
      },
      returning: { tags: ['busy'] },
      leaving: { tags: ['busy'] },
      unknown: { shows: (s: Snap) => expect(s.hasTag('busy')).toBe(false) },
    },
  );
});
