import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import {
  getActiveChatbotCount,
  getActiveInstanceCount,
  getActivityLog,
  getMessageComparison,
  getWhatsappUserComparison,
} from '../../api/dashboard';
import type { ActivityLogEntry, Comparison, Count } from '../../api/schemas/dashboard';
import { describeError } from '../errors';
import { fromRequest } from '../request';

/** The dashboard's panels; each loads, fails and retries on its own. */
export const PANELS = ['activeInstances', 'messages', 'activeBots', 'whatsappUsers', 'activity'] as const;
export type Panel = (typeof PANELS)[number];

export interface DashboardContext {
  activeInstances: number | null;
  messages: Comparison | null;
  activeBots: number | null;
  whatsappUsers: Comparison | null;
  activity: ActivityLogEntry[];
  errors: Record<Panel, MessageDescriptor | string | null>;
}

export type DashboardEvent = { type: 'panel.retry'; panel: Panel } | { type: 'dashboard.refresh' };

const noErrors = (): DashboardContext['errors'] => ({
  activeInstances: null,
  messages: null,
  activeBots: null,
  whatsappUsers: null,
  activity: null,
});

export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent },
  actors: {
    loadActiveInstances: fromRequest<Count>(({ signal }) => getActiveInstanceCount(signal)),
    loadMessages: fromRequest<Comparison>(({ signal }) => getMessageComparison(signal)),
    loadActiveBots: fromRequest<Count>(({ signal }) => getActiveChatbotCount(signal)),
    loadWhatsappUsers: fromRequest<Comparison>(({ signal }) => getWhatsappUserComparison(signal)),
    loadActivity: fromRequest<ActivityLogEntry[]>(({ signal }) => getActivityLog(signal)),
  },
  actions: {
    setError: assign(({ context, event }, params: { panel: Panel }) => ({
      errors: { ...context.errors, [params.panel]: describeError((event as { error?: unknown }).error) },
    })),
    clearError: assign(({ context }, params: { panel: Panel }) => ({
      errors: { ...context.errors, [params.panel]: null },
    })),
  },
  guards: {
    isPanel: ({ event }, params: { panel: Panel }) =>
      event.type === 'panel.retry' && event.panel === params.panel,
  },
}).createMachine({
  id: 'dashboard',
  context: {
    activeInstances: null,
    messages: null,
    activeBots: null,
    whatsappUsers: null,
    activity: [],
    errors: noErrors(),
  },
  type: 'parallel',
  // A refresh reloads every panel; each region then goes its own way again.
  on: {
    'dashboard.refresh': {
      target: [
        '.activeInstances.loading',
        '.messages.loading',
        '.activeBots.loading',
        '.whatsappUsers.loading',
        '.activity.loading',
      ],
      reenter: true,
    },
  },
  states: {
    activeInstances: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading.activeInstances'],
          invoke: {
            id: 'activeInstances',
            src: 'loadActiveInstances',
            onDone: {
              target: 'loaded',
              actions: [
                assign({ activeInstances: ({ event }) => event.output.count }),
                { type: 'clearError', params: { panel: 'activeInstances' } },
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: { panel: 'activeInstances' } },
            },
          },
        },
        loaded: {},
        failed: {
          tags: ['failed.activeInstances'],
          on: {
            'panel.retry': {
              guard: { type: 'isPanel', params: { panel: 'activeInstances' } },
              target: 'loading',
            },
          },
        },
      },
    },
    messages: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading.messages'],
          invoke: {
            id: 'messages',
            src: 'loadMessages',
            onDone: {
              target: 'loaded',
              actions: [
                assign({ messages: ({ event }) => event.output }),
                { type: 'clearError', params: { panel: 'messages' } },
              ],
            },
            onError: { target: 'failed', actions: { type: 'setError', params: { panel: 'messages' } } },
          },
        },
        loaded: {},
        failed: {
          tags: ['failed.messages'],
          on: {
            'panel.retry': { guard: { type: 'isPanel', params: { panel: 'messages' } }, target: 'loading' },
          },
        },
      },
    },
    activeBots: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading.activeBots'],
          invoke: {
            id: 'activeBots',
            src: 'loadActiveBots',
            onDone: {
              target: 'loaded',
              actions: [
                assign({ activeBots: ({ event }) => event.output.count }),
                { type: 'clearError', params: { panel: 'activeBots' } },
              ],
            },
            onError: { target: 'failed', actions: { type: 'setError', params: { panel: 'activeBots' } } },
          },
        },
        loaded: {},
        failed: {
          tags: ['failed.activeBots'],
          on: {
            'panel.retry': { guard: { type: 'isPanel', params: { panel: 'activeBots' } }, target: 'loading' },
          },
        },
      },
    },
    whatsappUsers: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading.whatsappUsers'],
          invoke: {
            id: 'whatsappUsers',
            src: 'loadWhatsappUsers',
            onDone: {
              target: 'loaded',
              actions: [
                assign({ whatsappUsers: ({ event }) => event.output }),
                { type: 'clearError', params: { panel: 'whatsappUsers' } },
              ],
            },
            onError: { target: 'failed', actions: { type: 'setError', params: { panel: 'whatsappUsers' } } },
          },
        },
        loaded: {},
        failed: {
          tags: ['failed.whatsappUsers'],
          on: {
            'panel.retry': {
              guard: { type: 'isPanel', params: { panel: 'whatsappUsers' } },
              target: 'loading',
            },
          },
        },
      },
    },
    activity: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading.activity'],
          invoke: {
            id: 'activity',
            src: 'loadActivity',
            onDone: {
              target: 'loaded',
              actions: [
                assign({ activity: ({ event }) => event.output }),
                { type: 'clearError', params: { panel: 'activity' } },
              ],
            },
            onError: { target: 'failed', actions: { type: 'setError', params: { panel: 'activity' } } },
          },
        },
        loaded: {},
        failed: {
          tags: ['failed.activity'],
          on: {
            'panel.retry': { guard: { type: 'isPanel', params: { panel: 'activity' } }, target: 'loading' },
          },
        },
      },
    },
  },
});
