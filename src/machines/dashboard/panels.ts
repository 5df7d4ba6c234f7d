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

/** A panel showing how many of something there are: the count of the call's answer. */
const countPanel = (id: string, get: (signal: AbortSignal) => Promise<{ count: number }>) =>
  resourceMachine<number>({ id, load: async (_, signal) => (await get(signal)).count });

/** A panel comparing today with yesterday. */
const comparisonPanel = (id: string, get: (signal: AbortSignal) => Promise<Comparison>) =>
  resourceMachine<Comparison>({ id, load: (_, signal) => get(signal) });

/** WhatsApp numbers online now. */
export const activeInstancesPanel = countPanel('activeInstances', getActiveInstanceCount);

/** Today's messages, compared with yesterday (the spec's "today's conversations" card counts messages). */
export const messagesPanel = comparisonPanel('messages', getMessageComparison);

/** Chatbots answering customers. */
export const activeBotsPanel = countPanel('activeBots', getActiveChatbotCount);

/** WhatsApp users today, compared with yesterday. */
export const whatsappUsersPanel = comparisonPanel('whatsappUsers', getWhatsappUserComparison);

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
