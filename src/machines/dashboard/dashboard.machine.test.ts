import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type AnyActorRef, type AnyMachineSnapshot, createActor, emit, fromPromise, setup } from 'xstate';
import { type StandInApp, standInApp } from '../../../tests/appSystem';
import { describeStateViews, resourceViews } from '../../../tests/stateViews';
import * as api from '../../api/dashboard';
import * as handoffsApi from '../../api/dashboardHandoffs';
import type { ActivityLogEntry } from '../../api/schemas/dashboard';
import {
  activeBotsModel,
  activeInstancesModel,
  activityModel,
  dashboardModel,
  messagesModel,
  sampleActivity,
  sampleMessages,
  sampleWhatsappUsers,
  whatsappUsersModel,
} from '../../demo/qa/flowModels/dashboard.flowModel';
import { SYSTEM_IDS } from '../system';
import { dashboardMachine } from './dashboard.machine';
import { type GettingStartedProgress, gettingStartedMachine } from './gettingStarted.machine';
import { PANEL_IDS, type Panel } from './panels';

vi.mock('../../api/dashboard', () => ({
  getActiveInstanceCount: vi.fn(),
  getMessageComparison: vi.fn(),
  getActiveChatbotCount: vi.fn(),
  getWhatsappUserComparison: vi.fn(),
  getActivityLog: vi.fn(),
  getTrends: vi.fn(),
}));
vi.mock('../../api/dashboardHandoffs', () => ({ getHandoffFigures: vi.fn() }));

const activity: ActivityLogEntry[] = [
  { createdAt: '2026-11-22T08:05:00.000Z', description: 'New instance bound: Desk', type: 'instance_bound' },
];

/** Each panel's call, and what the panel shows of its answer. */
const calls = {
  activeInstances: vi.mocked(api.getActiveInstanceCount),
  messages: vi.mocked(api.getMessageComparison),
  activeBots: vi.mocked(api.getActiveChatbotCount),
  whatsappUsers: vi.mocked(api.getWhatsappUserComparison),
  activity: vi.mocked(api.getActivityLog),
} satisfies Record<Panel, unknown>;
const shown: Record<Panel, unknown> = {
  activeInstances: 2,
  messages: { countsOfToday: 15, countsOfYesterday: 10 },
  activeBots: 3,
  whatsappUsers: { countsOfToday: 4, countsOfYesterday: 0 },
  activity,
};

const trendsCall = vi.mocked(api.getTrends);
const handoffsCall = vi.mocked(handoffsApi.getHandoffFigures);
const handoffs = { today: 3, yesterday: 4, medianFirstReplySeconds: 240 };
const emptySeries = { messages: [], activeUsers: [], tokens: [], positiveShare: [] };

beforeEach(() => {
  trendsCall.mockReset().mockResolvedValue({ days: 7, series: emptySeries });
  handoffsCall.mockReset().mockResolvedValue(handoffs);
  calls.activeInstances.mockReset().mockResolvedValue({ count: 2 });
  calls.messages.mockReset().mockResolvedValue({ countsOfToday: 15, countsOfYesterday: 10 });
  calls.activeBots.mockReset().mockResolvedValue({ count: 3 });
  calls.whatsappUsers.mockReset().mockResolvedValue({ countsOfToday: 4, countsOfYesterday: 0 });
  calls.activity.mockReset().mockResolvedValue(activity);
});

const settle = () => new Promise((r) => setTimeout(r, 0));

/** The dashboard alone, or as a flow of a stand-in app (`app`). */
function start(app?: StandInApp) {
  // The first run's checklist has tests of its own (gettingStarted.machine.test.ts): here it stays quiet.
  const quiet = gettingStartedMachine.provide({
    actors: { loadProgress: fromPromise(() => new Promise<GettingStartedProgress>(() => {})) },
  });
  const machine = dashboardMachine.provide({ actors: { gettingStarted: quiet } });
  const options = { input: { userId: 'user-owner' } };
  const actor = app ? app.run(machine, options) : createActor(machine, options).start();
  const panel = (id: Panel) => {
    const child = actor.getSnapshot().children[id];
    if (!child) throw new Error(`no panel ${id}`);
    return child as AnyActorRef;
  };
  return { actor, panel };
}

describe('dashboard', () => {
  it('runs the five panels, each under its id, and each makes its call at once', async () => {
    const { panel } = start();
    for (const id of PANEL_IDS) {
      expect(panel(id).getSnapshot().hasTag('loading')).toBe(true);
      expect(calls[id]).toHaveBeenCalledExactlyOnceWith(expect.any(AbortSignal));
    }
    await settle();
    // The counts come as { count }; their panels show the number.
    for (const id of PANEL_IDS) {
      expect(panel(id).getSnapshot().value).toBe('ready');
      expect(panel(id).getSnapshot().context.data).toEqual(shown[id]);
    }
  });

  it('refresh reloads every panel, keeping what each shows until its answer arrives', async () => {
    const { actor, panel } = start();
    await settle();
    calls.activeBots.mockResolvedValue({ count: 4 });
    actor.send({ type: 'dashboard.refresh' });
    for (const id of PANEL_IDS) {
      expect(panel(id).getSnapshot().hasTag('loading')).toBe(true);
      expect(panel(id).getSnapshot().context.data).toEqual(shown[id]);
      expect(calls[id]).toHaveBeenCalledTimes(2);
    }
    await settle();
    for (const id of PANEL_IDS) expect(panel(id).getSnapshot().value).toBe('ready');
    expect(panel('activeBots').getSnapshot().context.data).toBe(4);
  });

  it('keeps a failure inside its panel, and a retry makes only that call again', async () => {
    calls.messages.mockRejectedValueOnce(new Error('Internal server error'));
    const { panel } = start();
    await settle();
    const messages = panel('messages');
    expect(messages.getSnapshot().hasTag('failed')).toBe(true);
    expect(messages.getSnapshot().context.error).toBe('Internal server error');
    for (const id of PANEL_IDS.filter((p) => p !== 'messages')) {
      expect(panel(id).getSnapshot().value).toBe('ready');
      expect(panel(id).getSnapshot().can({ type: 'resource.retry' })).toBe(false);
    }

    messages.send({ type: 'resource.retry' });
    expect(messages.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(messages.getSnapshot().value).toBe('ready');
    expect(messages.getSnapshot().context).toMatchObject({ data: shown.messages, error: null });
    expect(calls.messages).toHaveBeenCalledTimes(2);
    for (const id of PANEL_IDS.filter((p) => p !== 'messages')) expect(calls[id]).toHaveBeenCalledTimes(1);
  });

  it('runs the trends beside the panels: a refresh reloads them too, and a failing panel leaves them be', async () => {
    calls.activity.mockRejectedValueOnce(new Error('Internal server error'));
    const { actor, panel } = start();
    expect(trendsCall).toHaveBeenCalledExactlyOnceWith(7, expect.any(AbortSignal));
    await settle();
    expect(panel('activity').getSnapshot().hasTag('failed')).toBe(true);
    const trends = actor.getSnapshot().children.trends;
    expect(trends?.getSnapshot().value).toBe('ready');
    actor.send({ type: 'dashboard.refresh' });
    expect(trends?.getSnapshot().hasTag('loading')).toBe(true);
    expect(trendsCall).toHaveBeenCalledTimes(2);
    await settle();
    expect(trends?.getSnapshot().value).toBe('ready');
  });

  it('runs the hand-off figures through a stand-in that loads their code; a refresh reloads them too', async () => {
    const { actor } = start();
    const standIn = actor.getSnapshot().children.handoffs as AnyActorRef;
    expect(standIn.getSnapshot().machine.id).toBe('lazy');
    const figures = async () => {
      await vi.waitFor(() => expect(standIn.getSnapshot().context.loaded).toBeTruthy());
      return standIn.getSnapshot().context.loaded as AnyActorRef;
    };
    const loaded = await figures();
    await vi.waitFor(() => expect(loaded.getSnapshot().value).toBe('ready'));
    expect(loaded.getSnapshot().context.data).toEqual(handoffs);
    expect(handoffsCall).toHaveBeenCalledTimes(1);
    actor.send({ type: 'dashboard.refresh' });
    expect(loaded.getSnapshot().hasTag('loading')).toBe(true);
    expect(handoffsCall).toHaveBeenCalledTimes(2);
    // A change of the instances leaves them be.
    await settle();
    actor.send({ type: 'instances.changed' });
    expect(handoffsCall).toHaveBeenCalledTimes(2);
  });

  it('counts the active instances again when they change, and nothing else', async () => {
    const { actor, panel } = start();
    await settle();
    calls.activeInstances.mockResolvedValue({ count: 1 });
    actor.send({ type: 'instances.changed' });
    expect(panel('activeInstances').getSnapshot().hasTag('loading')).toBe(true);
    // The count shown stays until the new one arrives.
    expect(panel('activeInstances').getSnapshot().context.data).toBe(2);
    for (const id of PANEL_IDS.filter((p) => p !== 'activeInstances')) {
      expect(panel(id).getSnapshot().value).toBe('ready');
      expect(calls[id]).toHaveBeenCalledTimes(1);
    }
    expect(trendsCall).toHaveBeenCalledTimes(1);
    await settle();
    expect(panel('activeInstances').getSnapshot().context.data).toBe(1);
    expect(calls.activeInstances).toHaveBeenCalledTimes(2);
  });

  it("hears the app's instance watch: a number that changed status is counted again", async () => {
    // A stand-in watch run by the session, as the real one is: what it emits is what the live stream made the
    // real one emit.
    const watchLogic = setup({}).createMachine({
      on: { tell: { actions: emit({ type: 'instances.changed' }) } },
    });
    const session = setup({ actors: { watch: watchLogic } }).createMachine({
      invoke: { id: 'watch', systemId: SYSTEM_IDS.instanceWatch, src: 'watch' },
    });
    const app = standInApp({ session });
    onTestFinished(() => app.end());
    const watch = app.root.system.get(SYSTEM_IDS.instanceWatch) as AnyActorRef;
    const { panel } = start(app);
    await settle();
    expect(calls.activeInstances).toHaveBeenCalledTimes(1);
    watch.send({ type: 'tell' });
    expect(panel('activeInstances').getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(calls.activeInstances).toHaveBeenCalledTimes(2);
    expect(calls.messages).toHaveBeenCalledTimes(1);
  });

  it('runs the first-run checklist for the signed-in user, and a refresh reads its progress again', async () => {
    const loads: Array<{ userId: string | null }> = [];
    const progress: GettingStartedProgress = { bot: true, test: false, number: false, conversation: false };
    const checklist = gettingStartedMachine.provide({
      actors: {
        loadProgress: fromPromise<GettingStartedProgress, { userId: string | null }>(async ({ input }) => {
          loads.push(input);
          return progress;
        }),
      },
    });
    const machine = dashboardMachine.provide({ actors: { gettingStarted: checklist } });
    const actor = createActor(machine, { input: { userId: 'user-owner' } }).start();
    await settle();
    expect(loads).toEqual([{ userId: 'user-owner' }]);
    expect(actor.getSnapshot().children.gettingStarted?.getSnapshot().context).toMatchObject({
      userId: 'user-owner',
      progress,
    });
    actor.send({ type: 'dashboard.refresh' });
    await settle();
    expect(loads).toEqual([{ userId: 'user-owner' }, { userId: 'user-owner' }]);
    actor.stop();

    // Without a user, the checklist is the browser's own.
    createActor(machine, { input: {} }).start();
    await settle();
    expect(loads.at(-1)).toEqual({ userId: null });
  });

  it('a quiet day leaves the activity panel empty', async () => {
    calls.activity.mockResolvedValue([]);
    const { panel } = start();
    await settle();
    expect(panel('activity').getSnapshot().hasTag('empty')).toBe(true);
  });
});

const serverError = 'Internal server error';

/**
 * One panel: loading (keeping what was shown, and the last failure until the answer), ready with the
 * model's answer, or failed with the server's message and a retry. Only the activity can be empty (a quiet
 * day); a figure never is, and has no such state.
 */
const panelViews = (answers: unknown[], empty = false) =>
  resourceViews({ answers, error: serverError, empty });

describeStateViews(activeInstancesModel, panelViews([1]));
describeStateViews(messagesModel, panelViews([sampleMessages]));
describeStateViews(activeBotsModel, panelViews([3]));
describeStateViews(whatsappUsersModel, panelViews([sampleWhatsappUsers]));
describeStateViews(activityModel, panelViews([sampleActivity, []], true));

describeStateViews(dashboardModel, {
  // Refresh and a change of the instances are always taken; the five panels, the trends, the hand-off figures
  // and the first run's checklist run all along, each under its id, and start loading.
  '*': {
    enabled: ['dashboard.refresh', 'instances.changed'],
    runs: {
      ...Object.fromEntries(
        [...PANEL_IDS, 'trends'].map((id) => [
          id,
          (panel: AnyMachineSnapshot) => {
            expect(panel.machine.id).toBe(id);
            expect(panel.hasTag('loading')).toBe(true);
          },
        ]),
      ),
      // The hand-off figures, through the stand-in that loads their code.
      handoffs: (standIn: AnyMachineSnapshot) => expect(standIn.machine.id).toBe('lazy'),
      // It listens to the app's instance watch all along.
      instanceChanges: () => {},
      // The first run's checklist, for the signed-in user, decides whether to show.
      gettingStarted: (checklist: AnyMachineSnapshot) => {
        expect(checklist.machine.id).toBe('gettingStarted');
        expect(checklist.hasTag('shown')).toBe(false);
      },
    },
  },
});
