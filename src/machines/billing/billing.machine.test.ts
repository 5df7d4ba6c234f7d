import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { recordToasts, stopRecordingToasts } from '../../../tests/appSystem';
import { describeStateViews } from '../../../tests/stateViews';
import type { TokenRemaining } from '../../api/schemas/membership';
import { samplePlan } from '../planChange/planChange.model';
import type { ToastInput } from '../toasts/toasts.machine';
import { billingMachine, billingMessages, customerPlans } from './billing.machine';
import { billingModel, sampleMembership } from './billing.model';
import { paymentUrl } from './links';
import { instanceQuota, quota, tokenQuota } from './quota';

const plan = samplePlan;
const plans = [
  plan({ id: 'pro', name: 'Pro', level: 2 }),
  plan({ id: 'ent', name: 'Enterprise', level: 3, status: 2 }),
  plan({ id: 'gone', name: 'Gone', level: 1, status: 3 }),
  plan({ id: 'free', name: 'Free', level: 0 }),
];
const membership = sampleMembership;
const tokens: TokenRemaining = { remaining: 40_000, limit: 100_000 };

afterEach(() => stopRecordingToasts());

const settle = () => new Promise((r) => setTimeout(r, 0));

function start({
  loadPlans = async () => plans,
  loadMembership = async () => membership,
  loadUrl = async (_: string) => ({ url: 'https://billing.example.com/portal' }),
  checkoutSessionId = null as string | null,
} = {}) {
  const toasts = vi.fn();
  recordToasts(toasts);
  const spies = {
    plans: vi.fn(loadPlans),
    membership: vi.fn(loadMembership),
    tokens: vi.fn(async () => ({ resetTime: '2026-12-01T00:00:00.000Z', tokens })),
    url: vi.fn(loadUrl),
    open: vi.fn(),
  };
  const actor = createActor(
    billingMachine.provide({
      actors: {
        loadPlans: fromPromise(() => spies.plans()),
        loadMembership: fromPromise(() => spies.membership()),
        loadTokens: fromPromise(() => spies.tokens()),
        loadManagementUrl: fromPromise(({ input }) => spies.url(input.sessionId)),
      },
      actions: { openManagement: (_, params) => spies.open(params.url) },
    }),
    { input: { checkoutSessionId } },
  ).start();
  return { actor, toasts, spies };
}

describe('billing data', () => {
  it('loads membership, tokens and the active plans in ascending level', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('plansLoading')).toBe(true);
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.membership).toEqual(membership);
    expect(context.tokens).toEqual(tokens);
    expect(context.plans.map((p) => p.id)).toEqual(['free', 'pro']);
  });

  it('shows the empty state when no plan is active', async () => {
    const { actor } = start({ loadPlans: async () => [plan({ status: 2 })] });
    await settle();
    expect(actor.getSnapshot().hasTag('plansEmpty')).toBe(true);
  });

  it('raises the spec toast when plans fail, and retries', async () => {
    let fail = true;
    const { actor, toasts, spies } = start({
      loadPlans: async () => {
        if (fail) throw new Error('500');
        return plans;
      },
    });
    await settle();
    expect(actor.getSnapshot().hasTag('plansFailed')).toBe(true);
    expect(toasts).toHaveBeenCalledWith({
      variant: 'destructive',
      title: billingMessages.loadFailed,
      description: billingMessages.plansFailed,
    });
    fail = false;
    actor.send({ type: 'plans.retry' });
    await settle();
    expect(spies.plans).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.plans).toHaveLength(2);
  });

  it('only warns in the console when the membership cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actor, toasts } = start({ loadMembership: () => Promise.reject(new Error('down')) });
    await settle();
    expect(actor.getSnapshot().matches({ membership: 'unknown' })).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(toasts).not.toHaveBeenCalled();
  });

  it('fetches the membership and the tokens again on refresh', async () => {
    const { actor, spies } = start();
    await settle();
    actor.send({ type: 'membership.refresh' });
    expect(actor.getSnapshot().hasTag('membershipLoading')).toBe(true);
    await settle();
    expect(spies.membership).toHaveBeenCalledTimes(2);
    expect(spies.tokens).toHaveBeenCalledTimes(2);
    expect(spies.plans).toHaveBeenCalledTimes(1);
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
const paidSession = 'cs_demo_paid';
const safePortal = 'https://billing.example.com/portal';

describe('billing model views', () => {
  // What the user would see outside the snapshot: the toasts raised, the page opened, the console.
  let toasts: ToastInput[] = [];
  let opened: string[] = [];
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    toasts = [];
    opened = [];
    recordToasts((t) => toasts.push(t));
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  describeStateViews(
    {
      ...billingModel,
      machine: billingMachine.provide({ actions: { openManagement: (_, { url }) => opened.push(url) } }),
    },
    {
      '*': {
        shows: () => {
          // A javascript: address is never followed, whatever the provider answered.
          expect(opened.every((url) => url === safePortal)).toBe(true);
          // Only the plans and the management page are worth a toast.
          for (const t of toasts)
            expect([billingMessages.plansFailed, billingMessages.manageFailed]).toContain(
              t.title === billingMessages.loadFailed ? t.description : t.title,
            );
        },
      },
      // A plan change changes the membership and the tokens: both can be fetched again at any time.
      membership: { enabled: ['membership.refresh'] },
      'membership.loading': {
        tags: ['membershipLoading'],
        runs: { loadMembership: (input: unknown) => expect(input).toBeUndefined() },
        // A reload keeps what is shown.
        shows: (s: Snap) => expect([null, sampleMembership]).toContainEqual(s.context.membership),
      },
      'membership.known': { shows: (s: Snap) => expect(s.context.membership).toEqual(sampleMembership) },
      // Spec section 8: only a console warning, no toast; the page goes on with what it had.
      'membership.unknown': {
        shows: (s: Snap) => {
          expect(warn).toHaveBeenCalledWith('Could not load the membership', expect.anything());
          expect([null, sampleMembership]).toContainEqual(s.context.membership);
        },
      },
      tokens: { enabled: ['membership.refresh'] },
      'tokens.loading': {
        tags: ['tokensLoading'],
        runs: { loadTokens: (input: unknown) => expect(input).toBeUndefined() },
      },
      'tokens.ready': {
        shows: (s: Snap) => {
          expect(s.context.tokens).toEqual({ remaining: 40_000, limit: 100_000 });
          expect(s.context.resetTime).toBe('2026-12-01T00:00:00.000Z');
        },
      },
      'tokens.failed': { tags: ['tokensFailed'], enabled: ['tokens.retry'] },
      plans: {},
      'plans.loading': {
        tags: ['plansLoading'],
        runs: { loadPlans: (input: unknown) => expect(input).toBeUndefined() },
        shows: (s: Snap) => expect(s.context.plans).toEqual([]),
      },
      // Active plans only, lowest level first.
      'plans.ready': {
        shows: (s: Snap) => expect(s.context.plans.map((p) => p.id)).toEqual(['plan-free', 'plan-pro']),
      },
      'plans.empty': { tags: ['plansEmpty'], shows: (s: Snap) => expect(s.context.plans).toEqual([]) },
      'plans.failed': {
        tags: ['plansFailed'],
        enabled: ['plans.retry'],
        shows: (s: Snap) => {
          expect(s.context.plans).toEqual([]);
          expect(toasts).toContainEqual({
            variant: 'destructive',
            title: billingMessages.loadFailed,
            description: billingMessages.plansFailed,
          });
        },
      },
      // A paid checkout seen on the way back from the provider makes management available.
      manage: { enabled: ['subscription.sessionKnown'] },
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
  );
});
