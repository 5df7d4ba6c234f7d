import type { MessageDescriptor } from '@lingui/core';
import { assign, raise, setup } from 'xstate';
import { listUserChatbots } from '../../api/chatbots';
import { listInstances, logoutInstance, updateInstance } from '../../api/instances';
import type { Chatbot } from '../../api/schemas/chatbots';
import type { Instance, InstanceUpdateBody } from '../../api/schemas/instances';
import { describeError } from '../errors';
import { instanceConnectionMachine } from '../instanceConnection/instanceConnection.machine';
import { fromRequest } from '../request';
import { raiseToast } from '../system';
import { instanceMessages } from './messages';

/** What the selectors need of a chatbot. */
export type ChatbotOption = Pick<Chatbot, 'id' | 'name'>;

type Text = MessageDescriptor | string;

export interface InstancesContext {
  userId: string;
  instances: Instance[];
  listError: Text | null;
  chatbots: ChatbotOption[];
  chatbotsError: Text | null;
  /** The instance whose settings are open or whose deletion is being confirmed. */
  target: Instance | null;
  draftName: string;
  draftChatbotId: string;
  settingsError: Text | null;
}

export type InstancesEvent =
  | { type: 'list.reload' }
  | { type: 'chatbots.reload' }
  | { type: 'settings.opened'; id: string }
  | { type: 'settings.nameChanged'; value: string }
  | { type: 'settings.chatbotChanged'; value: string }
  | { type: 'settings.saved' }
  | { type: 'settings.closed' }
  | { type: 'delete.requested'; id: string }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' };

const byId = (context: InstancesContext, id: string) => context.instances.find((i) => i.id === id) ?? null;

/**
 * The Bind WhatsApp page: the instance list and the user's chatbots (each loads and fails on its own), and one
 * action at a time on an instance: its settings (rename, change chatbot) or its deletion (the logout call).
 */
export const instancesMachine = setup({
  types: {
    context: {} as InstancesContext,
    events: {} as InstancesEvent,
    input: {} as { userId: string },
  },
  actors: {
    instanceConnection: instanceConnectionMachine,
    loadInstances: fromRequest<Instance[]>(({ signal }) => listInstances(signal)),
    loadChatbots: fromRequest<ChatbotOption[], { userId: string }>(async ({ input, signal }) =>
      (await listUserChatbots(input.userId, signal)).map(({ id, name }) => ({ id, name })),
    ),
    saveSettings: fromRequest<Instance, { id: string; body: InstanceUpdateBody }>(({ input, signal }) =>
      updateInstance(input.id, input.body, signal),
    ),
    logout: fromRequest<unknown, { id: string }>(({ input, signal }) => logoutInstance(input.id, signal)),
  },
  guards: {
    instanceExists: ({ context, event }) =>
      (event.type === 'settings.opened' || event.type === 'delete.requested') &&
      byId(context, event.id) !== null,
    canSaveSettings: ({ context }) =>
      context.draftName.trim().length > 0 && context.draftChatbotId.length > 0,
  },
  actions: {
    toastListFailed: raiseToast(({ context }) => ({
      variant: 'error',
      title: instanceMessages.listFailed,
      description: context.listError,
    })),
    toastLoggedOut: raiseToast({ variant: 'success', title: instanceMessages.loggedOut }),
    toastLogoutFailed: raiseToast((_, params: { error: unknown }) => ({
      variant: 'error',
      title: instanceMessages.logoutFailed,
      description: describeError(params.error),
    })),
    toastUpdated: raiseToast({ variant: 'success', title: instanceMessages.updated }),
    reloadList: raise({ type: 'list.reload' }),
    clearTarget: assign({ target: null, draftName: '', draftChatbotId: '', settingsError: null }),
  },
}).createMachine({
  id: 'instances',
  context: ({ input }) => ({
    userId: input.userId,
    instances: [],
    listError: null,
    chatbots: [],
    chatbotsError: null,
    target: null,
    draftName: '',
    draftChatbotId: '',
    settingsError: null,
  }),
  // Adding an instance (and resuming one) runs beside the page for as long as it is open; what it creates or
  // saves reloads the list (it sends list.reload).
  invoke: { id: 'instanceConnection', src: 'instanceConnection' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      // A reload restarts the call; the list on screen stays until the new one arrives. (No `reenter`: in a
      // parallel machine it would restart every region, closing an open dialog and reloading the chatbots.)
      on: { 'list.reload': { target: '.loading' } },
      states: {
        loading: {
          tags: ['listLoading'],
          invoke: {
            id: 'loadInstances',
            src: 'loadInstances',
            onDone: {
              target: 'ready',
              actions: assign({ instances: ({ event }) => event.output, listError: null }),
            },
            onError: {
              target: 'failed',
              actions: [assign({ listError: ({ event }) => describeError(event.error) }), 'toastListFailed'],
            },
          },
        },
        ready: {},
        failed: { tags: ['listFailed'] },
      },
    },
    chatbots: {
      initial: 'loading',
      // Reloads the chatbots only, e.g. from the open settings dialog (see list.reload).
      on: { 'chatbots.reload': { target: '.loading' } },
      states: {
        loading: {
          tags: ['chatbotsLoading'],
          invoke: {
            id: 'loadChatbots',
            src: 'loadChatbots',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'ready',
              actions: assign({ chatbots: ({ event }) => event.output, chatbotsError: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ chatbotsError: ({ event }) => describeError(event.error) }),
            },
          },
        },
        ready: {},
        failed: { tags: ['chatbotsFailed'] },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'settings.opened': {
              guard: 'instanceExists',
              target: 'editing',
              actions: assign(({ context, event }) => {
                const target = byId(context, event.id);
                return {
                  target,
                  draftName: target?.instanceName ?? '',
                  draftChatbotId: target?.chatbotId ?? '',
                  settingsError: null,
                };
              }),
            },
            'delete.requested': {
              guard: 'instanceExists',
              target: 'confirmingDelete',
              actions: assign({ target: ({ context, event }) => byId(context, event.id) }),
            },
          },
        },
        editing: {
          tags: ['settingsOpen'],
          on: {
            'settings.nameChanged': { actions: assign({ draftName: ({ event }) => event.value }) },
            'settings.chatbotChanged': { actions: assign({ draftChatbotId: ({ event }) => event.value }) },
            'settings.saved': {
              guard: 'canSaveSettings',
              target: 'saving',
              actions: assign({ settingsError: null }),
            },
            'settings.closed': { target: 'idle', actions: 'clearTarget' },
          },
        },
        saving: {
          tags: ['settingsOpen', 'busy'],
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({
              id: context.target?.id ?? '',
              body: { instanceName: context.draftName.trim(), chatbotId: context.draftChatbotId },
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  instances: ({ context, event }) =>
                    context.instances.map((i) => (i.id === event.output.id ? event.output : i)),
                }),
                'clearTarget',
                'toastUpdated',
                'reloadList',
              ],
            },
            // The dialog stays open with what was typed and says what went wrong.
            onError: {
              target: 'editing',
              actions: assign({ settingsError: ({ event }) => describeError(event.error) }),
            },
          },
        },
        confirmingDelete: {
          tags: ['confirmingDelete'],
          on: {
            'delete.confirmed': 'deleting',
            'delete.cancelled': { target: 'idle', actions: 'clearTarget' },
          },
        },
        deleting: {
          tags: ['confirmingDelete', 'busy'],
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ id: context.target?.id ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  instances: ({ context }) => context.instances.filter((i) => i.id !== context.target?.id),
                }),
                'clearTarget',
                'toastLoggedOut',
                'reloadList',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'toastLogoutFailed', params: ({ event }) => ({ error: event.error }) },
                'clearTarget',
              ],
            },
          },
        },
      },
    },
  },
});
