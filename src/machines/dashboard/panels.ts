import {
  getActiveChatbotCount,
  getActiveInstanceCount,
  getActivityLog,
  getMessageComparison,
  getWhatsappUserComparison,
} from '../../api/dashboard';
import type { ActivityLogEntry, Comparison } from '../../api/schemas/dashboard';
import { resourceMachine } from '../resource/resource.machine';

/*
 * The dashboard's five panels: each is a resource of its own (it loads, fails with the spec's message and
 * retries on its own), run by the dashboard's screen machine under its machine id.
 */

/** WhatsApp numbers online now. */
export const activeInstancesPanel = resourceMachine<number>({
  id: 'activeInstances',
  load: async (_, signal) => (await getActiveInstanceCount(signal)).count,
});

/** Today's conversations, compared with yesterday. */
export const messagesPanel = resourceMachine<Comparison>({
  id: 'messages',
  load: (_, signal) => getMessageComparison(signal),
});

/** Chatbots answering customers. */
export const activeBotsPanel = resourceMachine<number>({
  id: 'activeBots',
  load: async (_, signal) => (await getActiveChatbotCount(signal)).count,
});

/** WhatsApp users today, compared with yesterday. */
export const whatsappUsersPanel = resourceMachine<Comparison>({
  id: 'whatsappUsers',
  load: (_, signal) => getWhatsappUserComparison(signal),
});

/** The last 24 hours, newest first; a quiet day ends in `empty`. */
export const activityPanel = resourceMachine<ActivityLogEntry[]>({
  id: 'activity',
  load: (_, signal) => getActivityLog(signal),
  isEmpty: (entries) => entries.length === 0,
});

/** The panels by id: the screen machine's children, each under the id of its machine. */
export const PANELS = {
  activeInstances: activeInstancesPanel,
  messages: messagesPanel,
  activeBots: activeBotsPanel,
  whatsappUsers: whatsappUsersPanel,
  activity: activityPanel,
} as const;

export type Panel = keyof typeof PANELS;
export const PANEL_IDS = Object.keys(PANELS) as Panel[];
