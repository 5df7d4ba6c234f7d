import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describeStateViews, type StateViews } from '../../../tests/stateViews';
import type { ActivityLogEntry, Comparison, Count } from '../../api/schemas/dashboard';
import { dashboardMachine, PANELS, type Panel } from './dashboard.machine';
import { dashboardModel } from './dashboard.model';

const activity: ActivityLogEntry[] = [
  { createdAt: '2026-11-22T08:05:00.000Z', description: 'New instance bound: Desk', type: 'instance_bound' },
];

type Loaders = {
  activeInstances: () => Promise<Count>;
  messages: () => Promise<Comparison>;
  activeBots: () => Promise<Count>;
  whatsappUsers: () => Promise<Comparison>;
  activity: () => Promise<ActivityLogEntry[]>;
};

function start(over: Partial<Loaders> = {}) {
  const loaders: Loaders = {
    activeInstances: async () => ({ count: 2 }),
    messages: async () => ({ countsOfToday: 15, countsOfYesterday: 10 }),
    activeBots: async () => ({ count: 3 }),
    whatsappUsers: async () => ({ countsOfToday: 4, countsOfYesterday: 0 }),
    activity: async () => activity,
    ...over,
  };
  const spies = Object.fromEntries(Object.entries(loaders).map(([k, f]) => [k, vi.fn(f)])) as {
    [K in keyof Loaders]: ReturnType<typeof vi.fn<Loaders[K]>>;
  };
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        loadActiveInstances: fromPromise(() => spies.activeInstances()),
        loadMessages: fromPromise(() => spies.messages()),
        loadActiveBots: fromPromise(() => spies.activeBots()),
        loadWhatsappUsers: fromPromise(() => spies.whatsappUsers()),
        loadActivity: fromPromise(() => spies.activity()),
      },
    }),
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, spies, settle };
}

const stateOf = (actor: ReturnType<typeof start>['actor'], panel: Panel) =>
  (actor.getSnapshot().value as Record<Panel, string>)[panel];

describe('dashboard', () => {
  it('loads every panel at once', async () => {
    const { actor, settle } = start();
    for (const panel of PANELS) expect(actor.getSnapshot().hasTag(`loading.${panel}`)).toBe(true);
    await settle();
    for (const panel of PANELS) expect(stateOf(actor, panel)).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({
      activeInstances: 2,
      messages: { countsOfToday: 15, countsOfYesterday: 10 },
      activeBots: 3,
      whatsappUsers: { countsOfToday: 4, countsOfYesterday: 0 },
      activity,
    });
  });

  it('keeps a failure inside its panel, and a retry reloads only that panel', async () => {
    let fail = true;
    const { actor, spies, settle } = start({
      messages: () =>
        fail
          ? Promise.reject(new Error('Internal server error'))
          : Promise.resolve({ countsOfToday: 1, countsOfYesterday: 1 }),
    });
    await settle();
    expect(stateOf(actor, 'messages')).toBe('failed');
    expect(actor.getSnapshot().hasTag('failed.messages')).toBe(true);
    expect(actor.getSnapshot().context.errors.messages).toBe('Internal server error');
    for (const panel of PANELS.filter((p) => p !== 'messages')) expect(stateOf(actor, panel)).toBe('loaded');

    expect(actor.getSnapshot().can({ type: 'panel.retry', panel: 'activeBots' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'panel.retry', panel: 'messages' })).toBe(true);
    fail = false;
    actor.send({ type: 'panel.retry', panel: 'messages' });
    expect(stateOf(actor, 'messages')).toBe('loading');
    await settle();
    expect(stateOf(actor, 'messages')).toBe('loaded');
    expect(actor.getSnapshot().context.errors.messages).toBeNull();
    expect(spies.messages).toHaveBeenCalledTimes(2);
    expect(spies.activeBots).toHaveBeenCalledTimes(1);
  });

  it('every panel can fail at once and each still retries', async () => {
    const down = () => Promise.reject(new Error('down'));
    const { actor, settle } = start({
      activeInstances: down,
      messages: down,
      activeBots: down,
      whatsappUsers: down,
      activity: down,
    });
    await settle();
    for (const panel of PANELS) {
      expect(stateOf(actor, panel)).toBe('failed');
      expect(actor.getSnapshot().can({ type: 'panel.retry', panel })).toBe(true);
    }
  });

  it('refresh reloads every panel', async () => {
    const { actor, spies, settle } = start();
    await settle();
    actor.send({ type: 'dashboard.refresh' });
    for (const panel of PANELS) expect(stateOf(actor, panel)).toBe('loading');
    await settle();
    for (const spy of Object.values(spies)) expect(spy).toHaveBeenCalledTimes(2);
  });
});

// Coverage of the dashboard's graph (its regions multiply the states) is tests/model-coverage.test.ts's.

type Snap = SnapshotFrom<typeof dashboardMachine>;
const serverError = 'Internal server error';
const outputs = dashboardModel.outputs as Record<Panel, unknown>;
/** What each panel shows once loaded: the count or the comparison or the list, as the server gave it. */
const shown: Record<Panel, { src: string; value: (s: Snap) => unknown; expected: unknown; empty: unknown }> =
  {
    activeInstances: {
      src: 'loadActiveInstances',
      value: (s) => s.context.activeInstances,
      expected: (outputs.activeInstances as Count).count,
      empty: null,
    },
    messages: {
      src: 'loadMessages',
      value: (s) => s.context.messages,
      expected: outputs.messages,
      empty: null,
    },
    activeBots: {
      src: 'loadActiveBots',
      value: (s) => s.context.activeBots,
      expected: (outputs.activeBots as Count).count,
      empty: null,
    },
    whatsappUsers: {
      src: 'loadWhatsappUsers',
      value: (s) => s.context.whatsappUsers,
      expected: outputs.whatsappUsers,
      empty: null,
    },
    activity: {
      src: 'loadActivity',
      value: (s) => s.context.activity,
      expected: outputs.activity,
      empty: [],
    },
  };

/** One panel: loading, loaded or failed, with Retry offered on that panel exactly when it failed. */
function panelViews(panel: Panel): StateViews<Snap> {
  const { src, value, expected, empty } = shown[panel];
  const retryable = (s: Snap) => s.can({ type: 'panel.retry', panel });
  return {
    [panel]: {},
    [`${panel}.loading`]: {
      tags: [`loading.${panel}`],
      runs: { [src]: (input: unknown) => expect(input).toBeUndefined() },
      // A reload keeps what was shown; the previous failure is not on screen while loading.
      shows: (s) => {
        expect([empty, expected]).toContainEqual(value(s));
        expect([null, serverError]).toContainEqual(s.context.errors[panel]);
        expect(retryable(s)).toBe(false);
      },
    },
    [`${panel}.loaded`]: {
      shows: (s) => {
        expect(value(s)).toEqual(expected);
        expect(s.context.errors[panel]).toBeNull();
        expect(retryable(s)).toBe(false);
      },
    },
    [`${panel}.failed`]: {
      tags: [`failed.${panel}`],
      enabled: ['panel.retry'],
      shows: (s) => {
        expect(s.context.errors[panel]).toBe(serverError);
        expect([empty, expected]).toContainEqual(value(s));
        expect(retryable(s)).toBe(true);
      },
    },
  };
}

describeStateViews(dashboardModel, {
  // Refresh is always offered and reloads every panel.
  '*': { enabled: ['dashboard.refresh'] },
  ...Object.assign({}, ...PANELS.map(panelViews)),
} as StateViews);
