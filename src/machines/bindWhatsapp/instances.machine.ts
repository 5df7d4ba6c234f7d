import type { MessageDescriptor } from '@lingui/core';
import { and, assign, sendTo, setup } from 'xstate';
import { listUserChatbots } from '../../api/chatbots';
import { listInstances, logoutInstance } from '../../api/instances';
import type { Chatbot } from '../../api/schemas/chatbots';
import type { Instance } from '../../api/schemas/instances';
import type { UserMembership } from '../../api/schemas/membership';
import { describeError, raiseFailure } from '../errors';
import { fromRequest } from '../request';
import { type ResourceReport, resourceMachine } from '../resource/resource.machine';
import { raiseToast } from '../system';
import { membershipMachine } from '../usageBilling/billing/membership';
import { instanceConnectionMachine } from './instanceConnection/instanceConnection.machine';
import { instanceMessages } from './messages';
import { fullPlan, type InstanceAllowance } from './planRoom';
import { saveInstanceSettings, settingsInput } from './settings';

/** What the selectors need of a chatbot. */
export type ChatbotOption = Pick<Chatbot, 'id' | 'name'>;

type Text = MessageDescriptor | string;

export interface InstancesContext {
  userId: string;
  /** The list as last loaded (the instanceList resource's answer): what Settings and Delete may act on. */
  instances: Instance[];
  /** The plan's allowance of connected numbers; null until the membership loads (or when it cannot). */
  allowance: InstanceAllowance | null;
  /** The instance whose settings are open or whose deletion is being confirmed. */
  target: Instance | null;
  draftName: string;
  draftChatbotId: string;
  settingsError: Text | null;
}

export type InstancesEvent =
  | { type: 'list.reload' }
  /** Add new instance: opens the connection dialog, while the plan has room for another number. */
  | { type: 'add.requested' }
  /** Continue setup of a listed number still waiting for its scan, while the plan has room. */
  | { type: 'setup.resumed'; id: string }
  | ResourceReport
  | { type: 'settings.opened'; id: string }
  | { type: 'settings.nameChanged'; value: string }
  | { type: 'settings.chatbotChanged'; value: string }
  | { type: 'settings.saved' }
  | { type: 'settings.closed' }
  | { type: 'delete.requested'; id: string }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' };

const byId = (context: InstancesContext, id: string) => context.instances.find((i) => i.id === id) ?? null;

/** The instance list; Bind WhatsApp shows it and acts on its instances. */
export const instanceListMachine = resourceMachine<Instance[]>({
  id: 'instanceList',
  load: (_, signal) => listInstances(signal),
});

/** The user's chatbots, for the selectors of the connection and settings dialogs. */
export const chatbotOptionsMachine = resourceMachine<ChatbotOption[], { userId: string }>({
  id: 'chatbotOptions',
  load: async ({ userId }, signal) =>
    (await listUserChatbots(userId, signal)).map(({ id, name }) => ({ id, name })),
});

const isListReport = (event: InstancesEvent) =>
  (event.type === 'resource.loaded' || event.type === 'resource.failed') &&
  event.id === instanceListMachine.id;

/** A change to the target instance went through: its dialog closes, the change is said, the list reloads. */
const changed = (said: 'toastUpdated' | 'toastLoggedOut') => ({
  target: 'idle' as const,
  actions: ['clearTarget' as const, said, 'reloadList' as const],
});

/**
 * The Bind WhatsApp page: the instance list and the user's chatbots (resources that load and fail on their
 * own), adding an instance, and one action at a time on a listed instance: its settings (rename, change
 * chatbot) or its deletion (the logout call). Each change reloads the list.
 */
export const instancesMachine = setup({
  types: {
    context: {} as InstancesContext,
    events: {} as InstancesEvent,
    input: {} as { userId: string },
  },
  actors: {
    instanceConnection: instanceConnectionMachine,
    instanceList: instanceListMachine,
    chatbotOptions: chatbotOptionsMachine,
    membership: membershipMachine,
    saveSettings: saveInstanceSettings,
    logout: fromRequest<unknown, { id: string }>(({ input, signal }) => logoutInstance(input.id, signal)),
  },
  guards: {
    instanceExists: ({ context, event }) =>
      (event.type === 'settings.opened' ||
        event.type === 'delete.requested' ||
        event.type === 'setup.resumed') &&
      byId(context, event.id) !== null,
    canSaveSettings: ({ context }) =>
      context.draftName.trim().length > 0 && context.draftChatbotId.length > 0,
    isListLoaded: ({ event }) => event.type === 'resource.loaded' && isListReport(event),
    isListFailed: ({ event }) => event.type === 'resource.failed' && isListReport(event),
    isMembershipLoaded: ({ event }) => event.type === 'resource.loaded' && event.id === membershipMachine.id,
    /** The plan lets the user connect another number (or its limit is unknown: the server then decides). */
    planHasRoom: ({ context }) => fullPlan(context.allowance, context.instances) === null,
  },
  actions: {
    toastListFailed: raiseFailure(instanceMessages.listFailed),
    toastLoggedOut: raiseToast({ variant: 'success', title: instanceMessages.loggedOut }),
    toastLogoutFailed: raiseFailure(instanceMessages.logoutFailed),
    toastUpdated: raiseToast({ variant: 'success', title: instanceMessages.updated }),
    reloadList: sendTo(instanceListMachine.id, { type: 'resource.reload' }),
    openDialog: sendTo('instanceConnection', { type: 'dialog.opened' }),
    resumeDialog: sendTo('instanceConnection', ({ context, event }) => {
      const instance = byId(context, (event as { id: string }).id) as Instance;
      return { type: 'dialog.resumed' as const, instance };
    }),
    clearTarget: assign({ target: null, draftName: '', draftChatbotId: '', settingsError: null }),
  },
}).createMachine({
  id: 'instances',
  context: ({ input }) => ({
    userId: input.userId,
    instances: [],
    allowance: null,
    target: null,
    draftName: '',
    draftChatbotId: '',
    settingsError: null,
  }),
  invoke: [
    { id: 'instanceList', src: 'instanceList' },
    {
      id: 'chatbotOptions',
      src: 'chatbotOptions',
      input: ({ context }) => ({ params: { userId: context.userId } }),
    },
    // Only for the plan's limit: if it cannot be read, nothing is said and the server's answer decides.
    { id: membershipMachine.id, src: 'membership' },
    // Adding an instance (and resuming one) runs beside the page for as long as it is open; what it creates
    // or saves reloads the list (it sends list.reload).
    { id: 'instanceConnection', src: 'instanceConnection' },
  ],
  on: {
    'list.reload': { actions: 'reloadList' },
    'add.requested': { guard: 'planHasRoom', actions: 'openDialog' },
    'setup.resumed': { guard: and(['instanceExists', 'planHasRoom']), actions: 'resumeDialog' },
    'resource.loaded': [
      {
        guard: 'isListLoaded',
        actions: assign({ instances: ({ event }) => (event as { data: Instance[] }).data }),
      },
      {
        guard: 'isMembershipLoaded',
        actions: assign({
          allowance: ({ event }) => {
            const { name, instanceLimit } = (event as { data: UserMembership }).data;
            return { name, instanceLimit };
          },
        }),
      },
    ],
    'resource.failed': { guard: 'isListFailed', actions: 'toastListFailed' },
  },
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
        input: ({ context }) => settingsInput(context.target, context.draftName, context.draftChatbotId),
        onDone: changed('toastUpdated'),
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
        onDone: changed('toastLoggedOut'),
        onError: { target: 'idle', actions: ['toastLogoutFailed', 'clearTarget'] },
      },
    },
  },
});
