import { now } from '../../../../mocks/clock';
import { DEMO_BOTS, demoActivity } from '../../../../mocks/seed';
import type { ActivityLogEntry, Comparison } from '../../../api/schemas/dashboard';
import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine';
import {
  activeBotsPanel,
  activeInstancesPanel,
  activityPanel,
  messagesPanel,
  whatsappUsersPanel,
} from '../../../machines/dashboard/panels';
import { type FlowModel, oneOf } from '../../../machines/model';
import { gettingStartedModel } from './gettingStarted.flowModel';
import { resourceModel } from './resource.flowModel';
import { trendsModel } from './trends.flowModel';

/**
 * The screen: it only runs the panels and the trends, reloads them all, and the active instances alone when
 * they change (each panel's states are its own model's).
 */
export const dashboardModel: FlowModel = {
  id: 'dashboard',
  machine: dashboardMachine,
  events: [{ type: 'dashboard.refresh' }, { type: 'instances.changed' }],
};

export const sampleMessages: Comparison = { countsOfToday: 15, countsOfYesterday: 10 };
export const sampleWhatsappUsers: Comparison = { countsOfToday: 4, countsOfYesterday: 0 };
/** Two entries as the demo writes them, newest first: Nova's knowledge update and the line's binding. */
export const sampleActivity: ActivityLogEntry[] = demoActivity(now())
  .filter(
    (e) =>
      e.type === 'instance_bound' ||
      (e.type === 'knowledge_updated' && e.description.includes(DEMO_BOTS.nova.name)),
  )
  .reverse()
  .map(({ createdAt, description, type }) => ({ createdAt, description, type }));

export const activeInstancesModel = resourceModel(activeInstancesPanel, { data: 1 });
export const messagesModel = resourceModel(messagesPanel, { data: sampleMessages });
export const activeBotsModel = resourceModel(activeBotsPanel, { data: 3 });
export const whatsappUsersModel = resourceModel(whatsappUsersPanel, { data: sampleWhatsappUsers });
/** A day with activity, and a quiet one. */
export const activityModel = resourceModel(activityPanel, { data: oneOf(sampleActivity, []) });

/** The panels' models and the trends', for the QA tools (each is a flow of its own, by its id). */
export const PANEL_MODELS = [
  activeInstancesModel,
  messagesModel,
  activeBotsModel,
  whatsappUsersModel,
  activityModel,
  trendsModel,
  gettingStartedModel,
];
