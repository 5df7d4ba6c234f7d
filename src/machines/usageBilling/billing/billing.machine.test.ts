import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type ActorRefFrom, type EventObject, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { DEMO_ADMIN_CHECKOUT } from '../../../../mocks/seed';
import { recordToasts, stopStandIns } from '../../../../tests/appSystem';
import { describeStateViews, resourceViews } from '../../../../tests/stateViews';
import * as api from '../../../api/membership';
import type { TokenRemaining } from '../../../api/schemas/membership';
import {
  billingModel,
  membershipModel,
  plansModel,
  sampleMembership,
  samplePlans,
  sampleTokens,
  tokensModel,
} from '../../../demo/qa/flowModels/billing.flowModel';
import { samplePlan } from '../../../demo/qa/flowModels/planChange.flowModel';
import type { ToastInput } from '../../root/toasts/toasts.machine';
import { billingMachine, billingMessages, customerPlans, type plansMachine } from './billing.machine';
import { paymentUrl } from './links';
import { instanceQuota, quota, tokenQuota } from './quota';

vi.mock('../../../api/membership', () => ({
  listPlans: vi.fn(),
  getUserMembership: vi.fn(),
  getTokenResetTime: vi.fn(),
  getTokenRemaining: vi.fn(),
}));

const plan = samplePlan;
const plans = [
  plan({ id: 'pro', name: 'Pro', level: 2 }),
  plan({ id: 'ent', name: 'Enterprise', level: 3, status: 2 }),
  plan({ id: 'gone', name: 'Gone', level: 1, status: 3 }),
  plan({ id: 'free', name: 'Free', level: 0 }),
];
const membership = sampleMembership;
const tokens: TokenRemaining = { remaining: 40_000, limit: 100_000 };
const resetTime = '2026-12-01T00:00:00.000Z';

// The membership API as the resources call it.
const calls = {
  plans: vi.mocked(api.listPlans),
  membership: vi.mocked(api.getUserMembership),
  resetTime: vi.mocked(api.getTokenResetTime),
  tokens: vi.mocked(api.getTokenRemaining),
};

beforeEach(() => {
  calls.plans.mockResolvedValue(plans);
  calls.membership.mockResolvedValue(membership);
  calls.resetTime.mockResolvedValue({ resetTime });
  calls.tokens.mockResolvedValue(tokens);
});
afterEach(() => stopStandIns());

const settle = () => new Promise((r) => setTimeout(r, 0));

/** Billing run by a stand-in screen that records what billing tells it. */
function start({
  loadUrl = async (_: string) => ({ url: 'https://billing.example.com/portal' }),
  checkoutSessionId = null as string | null,
} = {}) {
  const toasts = vi.fn();
  const app = recordToasts(toasts);
  const told: EventObject[] = [];
  const spies = { url: vi.fn(loadUrl), open: vi.fn() };
  const billing = billingMachine.provide({
    actors: { loadManagementUrl: fromPromise(({ input }) => spies.url(input.sessionId)) },
    actions: { openManagement: (_, params) => spies.open(params.url) },
  });
  const screen = app.run(
    setup({ actors: { billing } }).createMachine({
      invoke: { id: 'billing', src: 'billing', input: { checkoutSessionId } },
      on: { '*': { actions: ({ event }) => told.push(event) } },
    }),
  );
  const actor = screen.getSnapshot().children.billing as ActorRefFrom<typeof billingMachine>;
  const child = (id: 'membership' | 'tokens' | 'plans') =>
    actor.getSnapshot().children[id] as ActorRefFrom<typeof plansMachine> | undefined;
  return { actor, child, told, toasts, spies };
}

describe('billing data', () => {
  it('loads membership, tokens and the active plans in ascending level, each in its own resource', async () => {
    const { child } = start();
    expect(child('plans')?.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(child('membership')?.getSnapshot().context.data).toEqual(membership);
    expect(child('tokens')?.getSnapshot().context.data).toEqual({ resetTime, tokens });
    expect(
      child('plans')
        ?.getSnapshot()
        .context.data?.map((p) => p.id),
    ).toEqual(['free', 'pro']);
    expect(child('plans')?.getSnapshot().value).toBe('ready');
  });

  it('tells the screen the plan the user is on whenever the membership loads', async () => {
    const { actor, told } = start();
    await settle();
    calls.membership.mockResolvedValue({ ...membership, name: 'Pro', level: 2 });
    actor.send({ type: 'membership.refresh' });
    await settle();
    expect(told).toEqual([
      { type: 'membership.known', current: { name: 'Starter', level: 1 } },
      { type: 'membership.known', current: { name: 'Pro', level: 2 } },
    ]);
  });

  it('shows the empty state when no plan is active', async () => {
    calls.plans.mockResolvedValue([plan({ status: 2 })]);
    const { child } = start();
    await settle();
    expect(child('plans')?.getSnapshot().hasTag('empty')).toBe(true);
    expect(child('plans')?.getSnapshot().context.data).toEqual([]);
  });

  it('raises the spec toast when plans fail, and retries', async () => {
    calls.plans.mockRejectedValueOnce(new Error('500'));
    const { child, toasts } = start();
    await settle();
    expect(child('plans')?.getSnapshot().hasTag('failed')).toBe(true);
    expect(toasts).toHaveBeenCalledTimes(1);
    expect(toasts).toHaveBeenCalledWith({
      variant: 'destructive',
      title: billingMessages.loadFailed,
      description: billingMessages.plansFailed,
    });
    child('plans')?.send({ type: 'resource.retry' });
    await settle();
    expect(calls.plans).toHaveBeenCalledTimes(2);
    expect(child('plans')?.getSnapshot().context.data).toHaveLength(2);
  });

  it('only warns in the console when the membership cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('down');
    calls.membership.mockRejectedValue(failure);
    const { child, toasts, told } = start();
    await settle();
    expect(child('membership')?.getSnapshot().value).toBe('failed');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Could not load the membership', failure);
    expect(toasts).not.toHaveBeenCalled();
    expect(told).toEqual([]);
  });

  it('says nothing when the tokens fail: their card shows it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    calls.tokens.mockRejectedValue(new Error('down'));
    const { child, toasts } = start();
    await settle();
    expect(child('tokens')?.getSnapshot().hasTag('failed')).toBe(true);
    expect(toasts).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('fetches the membership and the tokens again on refresh, keeping what is shown', async () => {
    const { actor, child } = start();
    await settle();
    actor.send({ type: 'membership.refresh' });
    expect(child('membership')?.getSnapshot().hasTag('loading')).toBe(true);
    expect(child('membership')?.getSnapshot().context.data).toEqual(membership);
    expect(child('tokens')?.getSnapshot().hasTag('loading')).toBe(true);
    expect(child('plans')?.getSnapshot().hasTag('loading')).toBe(false);
    await settle();
    expect(calls.membership).toHaveBeenCalledTimes(2);
    expect(calls.resetTime).toHaveBeenCalledTimes(2);
    expect(calls.tokens).toHaveBeenCalledTimes(2);
    expect(calls.plans).toHaveBeenCalledTimes(1);
  });
});

describe('subscription management', () => {
  it('is hidden until a paid checkout session is known', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('canManage')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'subscription.manageRequested' })).toBe(false);
    actor.send({ type: 'subscription.sessionKnown', sessionId: 'cs_9' });
    expect(actor.getSnapshot().hasTag('canManage')).toBe(true);
    expect(actor.getSnapshot().context.checkoutSessionId).toBe('cs_9');
  });

  it('opens the https URL for the remembered session', async () => {
    const { actor, spies } = start({ checkoutSessionId: 'cs_1' });
    actor.send({ type: 'subscription.manageRequested' });
    expect(actor.getSnapshot().hasTag('managing')).toBe(true);
    await settle();
    expect(spies.url).toHaveBeenCalledWith('cs_1');
    expect(spies.open).toHaveBeenCalledWith('https://billing.example.com/portal');
    expect(actor.getSnapshot().matches({ manage: 'available' })).toBe(true);
  });

  it.each([
    ['a javascript: URL', async () => ({ url: 'javascript:alert(1)' })],
    ['a plain http URL', async () => ({ url: 'http://insecure.example/portal' })],
    ['a URL with credentials', async () => ({ url: 'https://billing.example@evil.example/portal' })],
    ['a failed call', () => Promise.reject(new Error('down'))],
  ])('never follows %s and says so', async (_, loadUrl) => {
    const { actor, spies, toasts } = start({ checkoutSessionId: 'cs_1', loadUrl });
    actor.send({ type: 'subscription.manageRequested' });
    await settle();
    expect(spies.open).not.toHaveBeenCalled();
    expect(toasts).toHaveBeenCalledWith(
      expect.objectContaining({ variant: 'destructive', title: billingMessages.manageFailed }),
    );
  });
});

describe('helpers', () => {
  it('follows only https payment URLs without credentials', () => {
    expect(paymentUrl('https://a.example/x')?.href).toBe('https://a.example/x');
    for (const bad of [
      'http://insecure.example/pay',
      'https://checkout.example@evil.example/pay',
      'https://user:secret@checkout.example/pay',
      'javascript:alert(1)',
      'data:text/html,x',
      '/relative',
      '//a.example',
      '',
      null,
    ]) {
      expect(paymentUrl(bad), String(bad)).toBeNull();
    }
  });

  it('follows only the listed hosts when there is a list', () => {
    const policy = { hosts: ['checkout.stripe.com', 'billing.stripe.com'], sameOrigin: null };
    expect(paymentUrl('https://checkout.stripe.com/c/pay/cs_1', policy)).not.toBeNull();
    expect(paymentUrl('https://billing.stripe.com/p/session/x', policy)).not.toBeNull();
    expect(paymentUrl('https://checkout.stripe.com.evil.example/c', policy)).toBeNull();
    expect(paymentUrl('https://evil.example/checkout.stripe.com', policy)).toBeNull();
  });

  it("lets a demo build follow its own origin's checkout, over http too, and nothing else on http", () => {
    const policy = { hosts: ['checkout.stripe.com'], sameOrigin: 'http://127.0.0.1:4173' };
    expect(paymentUrl('http://127.0.0.1:4173/demo-checkout?session_id=cs_1', policy)).not.toBeNull();
    expect(paymentUrl('http://127.0.0.1:4174/demo-checkout', policy)).toBeNull();
    expect(paymentUrl('http://user@127.0.0.1:4173/demo-checkout', policy)).toBeNull();
    expect(paymentUrl('https://checkout.stripe.com/c', policy)).not.toBeNull();
    expect(paymentUrl('https://portal.example/c', policy)).toBeNull();
  });

  it('measures quotas: -1 is unlimited, unknown membership means a limit of 1', () => {
    expect(quota(1, 3)).toEqual({ used: 1, limit: 3, ratio: 1 / 3, percent: 33 });
    expect(quota(5, -1)).toEqual({ used: 5, limit: null, ratio: null, percent: null });
    expect(instanceQuota(1, null)).toMatchObject({ limit: 1, percent: 100 });
    expect(instanceQuota(0, { instanceLimit: 0 })).toMatchObject({ ratio: 0 });
    expect(tokenQuota({ remaining: 40_000, limit: 100_000 })).toMatchObject({ used: 60_000, percent: 60 });
    expect(tokenQuota({ remaining: -1, limit: -1 })).toMatchObject({ limit: null });
  });

  it('keeps only active plans, lowest level first', () => {
    expect(customerPlans(plans).map((p) => p.name)).toEqual(['Free', 'Pro']);
  });
});

type Snap = SnapshotFrom<typeof billingMachine>;
const paidSession = DEMO_ADMIN_CHECKOUT.sessionId;
const safePortal = 'https://billing.example.com/portal';
const serverError = 'Internal server error';
const resources = ['membership', 'tokens', 'plans'];

describe('billing model views', () => {
  // What the user would see outside the snapshot: the toasts raised, the page opened, the console.
  let toasts: ToastInput[] = [];
  let opened: string[] = [];
  let warn: MockInstance<typeof console.warn>;
  const fresh = () => {
    toasts = [];
    opened = [];
    warn?.mockRestore();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    return recordToasts((t) => toasts.push(t));
  };

  describeStateViews(
    {
      ...billingModel,
      machine: billingMachine.provide({ actions: { openManagement: (_, { url }) => opened.push(url) } }),
    },
    {
      '*': {
        // A plan change changes the membership and the tokens: both can be fetched again at any time. What the
        // membership and the plans report is heard at any time; a paid checkout makes management available.
        enabled: ['membership.refresh', 'resource.loaded', 'resource.failed', 'subscription.sessionKnown'],
        // The three resources run as long as billing does, each under its flow id.
        runs: Object.fromEntries(
          resources.map((id) => [
            id,
            (child: { machine: { id: string } }) => expect(child.machine.id).toBe(id),
          ]),
        ),
        shows: (s: Snap) => {
          expect(Object.keys(s.children).sort()).toEqual(expect.arrayContaining([...resources].sort()));
          // A javascript: address is never followed, whatever the provider answered.
          expect(opened.every((url) => url === safePortal)).toBe(true);
          // Only the plans and the management page are worth a toast.
          for (const t of toasts)
            expect([billingMessages.plansFailed, billingMessages.manageFailed]).toContain(
              t.title === billingMessages.loadFailed ? t.description : t.title,
            );
          // Spec section 8: a failed membership is only a console warning.
          for (const [message] of warn.mock.calls) expect(message).toBe('Could not load the membership');
        },
      },
      manage: {},
      'manage.checking': {},
      'manage.unavailable': { shows: (s: Snap) => expect(s.context.checkoutSessionId).toBeNull() },
      'manage.available': {
        tags: ['canManage'],
        enabled: ['subscription.manageRequested'],
        shows: (s: Snap) => expect(s.context.checkoutSessionId).toBe(paidSession),
      },
      'manage.opening': {
        tags: ['canManage', 'managing'],
        runs: {
          loadManagementUrl: (input: { sessionId: string }) =>
            expect(input).toEqual({ sessionId: paidSession }),
        },
      },
    },
    { replayIn: fresh },
  );
});

/** What the user sees of each report billing hears: what the screen is told, the toasts, the warnings. */
const reactions: Record<string, { told: unknown[]; toasts: ToastInput[]; warned: number }> = {
  'resource.loaded from membership': {
    told: [{ type: 'membership.known', current: { name: 'Starter', level: 1 } }],
    toasts: [],
    warned: 0,
  },
  'resource.failed from membership': { told: [], toasts: [], warned: 1 },
  'resource.failed from plans': {
    told: [],
    toasts: [
      { variant: 'destructive', title: billingMessages.loadFailed, description: billingMessages.plansFailed },
    ],
    warned: 0,
  },
};

describe('billing reacting to its resources', () => {
  // Each report of the model, sent to a live billing run by a screen.
  const reports = billingModel.events.filter((e) => e.type.startsWith('resource.'));
  it.each(reports.map((e) => [`${e.type} from ${e.id}`, e] as const))('%s', (name, report) => {
    const toasts: ToastInput[] = [];
    const app = recordToasts((t) => toasts.push(t));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const told: EventObject[] = [];
    const screen = app.run(
      setup({ actors: { billing: billingModel.machine } }).createMachine({
        invoke: { id: 'billing', src: 'billing', input: { checkoutSessionId: null } },
        on: { '*': { actions: ({ event }) => told.push(event) } },
      }),
    );
    screen.getSnapshot().children.billing?.send(report);
    expect({ told, toasts, warned: warn.mock.calls.length }).toEqual(reactions[name]);
    app.end();
  });
});

const forPlans = (s: SnapshotFrom<typeof plansMachine>) => s.context.data?.map((p) => p.id) ?? null;

// The page goes on with what it had when the membership fails (billing only warns).
describeStateViews(membershipModel, resourceViews({ answers: [sampleMembership], error: serverError }));

describeStateViews(
  tokensModel,
  resourceViews({
    answers: [{ resetTime: sampleTokens.resetTime, tokens: { remaining: 40_000, limit: 100_000 } }],
    error: serverError,
  }),
);

// Active plans only, lowest level first; none active is the empty state.
describeStateViews(
  plansModel,
  resourceViews({
    answers: [samplePlans, []],
    error: serverError,
    empty: true,
    ready: (s) => expect(forPlans(s as SnapshotFrom<typeof plansMachine>)).toEqual(['plan-free', 'plan-pro']),
  }),
);
