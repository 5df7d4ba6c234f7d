import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { describeStateViews, resourceViews } from '../../../tests/stateViews';
import * as api from '../../api/dashboard';
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
} from './dashboard.flowModel';
import { dashboardMachine } from './dashboard.machine';
import { PANEL_IDS, type Panel } from './panels';

vi.mock('../../api/dashboard', () => ({
  getActiveInstanceCount: vi.fn(),
  getMessageComparison: vi.fn(),
  getActiveChatbotCount: vi.fn(),
  getWhatsappUserComparison: vi.fn(),
  getActivityLog: vi.fn(),
}));

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

beforeEach(() => {
  calls.activeInstances.mockReset().mockResolvedValue({ count: 2 });
  calls.messages.mockReset().mockResolvedValue({ countsOfToday: 15, countsOfYesterday: 10 });
  calls.activeBots.mockReset().mockResolvedValue({ count: 3 });
  calls.whatsappUsers.mockReset().mockResolvedValue({ countsOfToday: 4, countsOfYesterday: 0 });
  calls.activity.mockReset().mockResolvedValue(activity);
});

const settle = () => new Promise((r) => setTimeout(r, 0));

function start() {
  const actor = createActor(dashboardMachine).start();
  const panel = (id: Panel) => {
    const child = actor.getSnapshot().children[id];
    if (!child) throw new Error(`no panel ${id}`);
    return child;
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
  // Refresh is always offered; the five panels run all along, each under its id, and start loading.
  '*': {
    enabled: ['dashboard.refresh'],
    runs: Object.fromEntries(
      PANEL_IDS.map((id) => [
        id,
        (panel: AnyMachineSnapshot) => {
          expect(panel.machine.id).toBe(id);
          expect(panel.hasTag('loading')).toBe(true);
        },
      ]),
    ),
  },
});
