import type { MessageDescriptor } from '@lingui/core';
import { and, assign, not, setup, stateIn } from 'xstate';
import { createInstance, getInstance, logoutInstance } from '../../api/instances';
import { CONNECTED_STATUSES, type Instance } from '../../api/schemas/instances';
import { QR_MAX_POLL_FAILURES, QR_MAX_POLLS_WITHOUT_SCAN, QR_POLL_INTERVAL_MS } from '../constants';
import { describeError } from '../errors';
import { type CreateFailure, describeCreateFailure, instanceMessages } from '../instances/messages';
import { saveInstanceSettings, settingsInput } from '../instances/settings';
import { fromRequest } from '../request';
import { raiseToast, tellParent } from '../system';

export interface ConnectionContext {
  /** The instance being connected: created by Add new instance, or an existing one being set up further. */
  instance: Instance | null;
  /** The instance is one this dialog created (not one resumed): closing before it links removes it again. */
  created: boolean;
  qrCode: string | null;
  name: string;
  chatbotId: string;
  /** Polls since the code was last (re)started without the phone scanning it. */
  polls: number;
  /** Consecutive failing polls. */
  failures: number;
  /** The last failing poll's error, while polling goes on (or after it gave up). */
  pollError: MessageDescriptor | string | null;
  createError: CreateFailure | null;
  /** Why the server refused to link the number (a plan limit): checking again cannot change it. */
  refusal: MessageDescriptor | string | null;
  saveError: MessageDescriptor | string | null;
}

export type ConnectionEvent =
  | { type: 'dialog.opened' }
  | { type: 'dialog.resumed'; instance: Instance }
  | { type: 'dialog.closed' }
  | { type: 'name.changed'; value: string }
  | { type: 'chatbot.changed'; value: string }
  | { type: 'qr.refreshRequested' }
  | { type: 'create.retried' }
  | { type: 'instance.confirmed' };

const initialContext = (): ConnectionContext => ({
  instance: null,
  created: false,
  qrCode: null,
  name: '',
  chatbotId: '',
  polls: 0,
  failures: 0,
  pollError: null,
  createError: null,
  refusal: null,
  saveError: null,
});

export const isConnected = (instance: Pick<Instance, 'instanceStatus'>) =>
  (CONNECTED_STATUSES as readonly string[]).includes(instance.instanceStatus);

/** What an instance brings into the dialog: its code and, as a start, its own name and chatbot. */
const takeInstance = (instance: Instance) => ({
  instance,
  qrCode: instance.qrCode,
  name: instance.instanceName,
  chatbotId: instance.chatbotId ?? '',
});

/**
 * Binding one WhatsApp number. Closed, or open with two regions: `link` (create the instance, then poll it
 * every QR_POLL_INTERVAL_MS until the phone has scanned; bounded by expiry, by consecutive failures and by a
 * plan's refusal) and `form` (name and chatbot, saved by the update call once the number is linked). Closing
 * leaves `open`, which stops every timer and aborts every request, and resets what the dialog showed; an
 * instance it created that never linked is removed on the way out.
 */
export const instanceConnectionMachine = setup({
  types: { context: {} as ConnectionContext, events: {} as ConnectionEvent },
  actors: {
    createInstance: fromRequest<Instance>(({ signal }) => createInstance(signal)),
    pollInstance: fromRequest<Instance, { id: string }>(({ input, signal }) => getInstance(input.id, signal)),
    removeInstance: fromRequest<unknown, { id: string }>(({ input, signal }) =>
      logoutInstance(input.id, signal),
    ),
    saveInstance: saveInstanceSettings,
  },
  delays: { pollInterval: QR_POLL_INTERVAL_MS },
  guards: {
    /** On an actor's done event: the instance it answered is already linked to a phone. */
    answeredConnected: ({ event }) => isConnected((event as unknown as { output: Instance }).output),
    codeExpires: ({ context }) => context.polls + 1 >= QR_MAX_POLLS_WITHOUT_SCAN,
    givesUp: ({ context }) => context.failures + 1 >= QR_MAX_POLL_FAILURES,
    /** On a create's or a poll's error: the plan does not allow another number; trying again cannot help. */
    refusedByPlan: ({ event }) =>
      describeCreateFailure((event as unknown as { error: unknown }).error).kind === 'limit',
    /** Only a number that is really linked is named and saved: "created and configured" must be true. */
    canConfirm: and([
      stateIn('#instanceConnection.open.link.connected'),
      ({ context }) => context.name.trim().length > 0 && context.chatbotId.length > 0,
    ]),
    /** Closing now would leave behind a number this dialog created and that never linked. */
    leavesUnlinked: and([
      ({ context }) => context.created && context.instance !== null,
      not(stateIn('#instanceConnection.open.link.connected')),
    ]),
  },
  actions: {
    reset: assign(initialContext),
    restartCode: assign({ polls: 0, failures: 0, pollError: null }),
    /** The page's list (the instances machine runs this one) has a new, waiting instance: it reloads. */
    instanceCreated: tellParent({ type: 'list.reload' }),
    /** The instance was named and linked to a chatbot: the list reloads. */
    instanceSaved: tellParent({ type: 'list.reload' }),
    /** The abandoned instance is gone (or its removal failed): either way the list shows what is left. */
    instanceRemoved: tellParent({ type: 'list.reload' }),
    toastRemoveFailed: raiseToast(({ event }) => ({
      variant: 'error',
      title: instanceMessages.logoutFailed,
      description: describeError((event as { error?: unknown }).error),
    })),
    /** Spec section 8's toast when an instance could not be created. */
    toastCreateFailed: raiseToast(({ context }) => ({
      variant: 'error',
      title: instanceMessages.createFailed,
      description: context.createError?.message ?? null,
    })),

    toastDetailFailed: raiseToast(({ context }) => ({
      variant: 'error',
      title: instanceMessages.detailFailed,
      description: context.pollError,
    })),
    toastSaved: raiseToast({ variant: 'success', title: instanceMessages.created }),
  },
}).createMachine({
  id: 'instanceConnection',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: {
        'dialog.opened': { target: 'open' },
        'dialog.resumed': {
          target: '#instanceConnection.open.link.waiting.polling',
          actions: assign(({ event }) => takeInstance(event.instance)),
        },
      },
    },
    // The dialog is closed; the instance it created and that never linked is logged out (spec section 7's
    // call), so no "Offline · never" entry stays behind.
    abandoning: {
      tags: ['abandoning'],
      invoke: {
        id: 'removeInstance',
        src: 'removeInstance',
        input: ({ context }) => ({ id: context.instance?.id ?? '' }),
        onDone: { target: 'closed', actions: 'instanceRemoved' },
        onError: { target: 'closed', actions: ['toastRemoveFailed', 'instanceRemoved'] },
      },
    },
    open: {
      type: 'parallel',
      on: {
        'dialog.closed': [{ guard: 'leavesUnlinked', target: 'abandoning' }, { target: 'closed' }],
      },
      states: {
        link: {
          initial: 'creating',
          states: {
            creating: {
              tags: ['creating'],
              invoke: {
                id: 'createInstance',
                src: 'createInstance',
                onDone: [
                  {
                    guard: 'answeredConnected',
                    target: 'connected',
                    actions: [
                      assign(({ event }) => ({ ...takeInstance(event.output), created: true })),
                      'instanceCreated',
                    ],
                  },
                  {
                    target: 'waiting',
                    actions: [
                      assign(({ event }) => ({ ...takeInstance(event.output), created: true })),
                      'instanceCreated',
                    ],
                  },
                ],
                // A plan's limit is said once, in the dialog with the way to upgrade; any other failure gets
                // the spec's toast too.
                onError: [
                  {
                    guard: 'refusedByPlan',
                    target: 'createFailed',
                    actions: assign({ createError: ({ event }) => describeCreateFailure(event.error) }),
                  },
                  {
                    target: 'createFailed',
                    actions: [
                      assign({ createError: ({ event }) => describeCreateFailure(event.error) }),
                      'toastCreateFailed',
                    ],
                  },
                ],
              },
            },
            createFailed: {
              tags: ['createFailed'],
              on: {
                'create.retried': { target: 'creating', actions: assign({ createError: null }) },
              },
            },
            waiting: {
              tags: ['waiting'],
              // Fresh from creation the code is new: the first check comes after one interval.
              initial: 'idle',
              states: {
                idle: {
                  after: { pollInterval: 'polling' },
                  on: { 'qr.refreshRequested': { target: 'polling', actions: 'restartCode' } },
                },
                polling: {
                  tags: ['polling'],
                  invoke: {
                    id: 'pollInstance',
                    src: 'pollInstance',
                    input: ({ context }) => ({ id: context.instance?.id ?? '' }),
                    onDone: [
                      {
                        guard: 'answeredConnected',
                        target: '#instanceConnection.open.link.connected',
                        actions: assign({
                          instance: ({ event }) => event.output,
                          qrCode: null,
                          failures: 0,
                          pollError: null,
                        }),
                      },
                      {
                        guard: 'codeExpires',
                        target: '#instanceConnection.open.link.expired',
                        // An answer ends a run of failures, as below: no stale error behind "expired".
                        actions: assign({
                          instance: ({ event }) => event.output,
                          qrCode: null,
                          failures: 0,
                          pollError: null,
                        }),
                      },
                      {
                        target: 'idle',
                        actions: assign({
                          instance: ({ event }) => event.output,
                          qrCode: ({ event }) => event.output.qrCode,
                          polls: ({ context }) => context.polls + 1,
                          failures: 0,
                          pollError: null,
                        }),
                      },
                    ],
                    onError: [
                      {
                        // Said once, in the dialog with the way to upgrade: no retry, no toast.
                        guard: 'refusedByPlan',
                        target: '#instanceConnection.open.link.refused',
                        actions: assign({
                          refusal: ({ event }) => describeCreateFailure(event.error).message,
                          qrCode: null,
                          pollError: null,
                        }),
                      },
                      {
                        guard: 'givesUp',
                        target: '#instanceConnection.open.link.failed',
                        actions: [
                          assign({
                            failures: ({ context }) => context.failures + 1,
                            pollError: ({ event }) => describeError(event.error),
                            qrCode: null,
                          }),
                          'toastDetailFailed',
                        ],
                      },
                      {
                        guard: 'codeExpires',
                        target: '#instanceConnection.open.link.expired',
                        actions: assign({ qrCode: null, pollError: null }),
                      },
                      {
                        target: 'idle',
                        actions: assign({
                          polls: ({ context }) => context.polls + 1,
                          failures: ({ context }) => context.failures + 1,
                          pollError: ({ event }) => describeError(event.error),
                        }),
                      },
                    ],
                  },
                },
              },
            },
            expired: {
              tags: ['expired'],
              on: { 'qr.refreshRequested': { target: 'waiting.polling', actions: 'restartCode' } },
            },
            failed: {
              tags: ['failed'],
              on: { 'qr.refreshRequested': { target: 'waiting.polling', actions: 'restartCode' } },
            },
            refused: { tags: ['refused'] },
            connected: { tags: ['connected'] },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'name.changed': { actions: assign({ name: ({ event }) => event.value }) },
                'chatbot.changed': { actions: assign({ chatbotId: ({ event }) => event.value }) },
                'instance.confirmed': {
                  guard: 'canConfirm',
                  target: 'saving',
                  actions: assign({ saveError: null }),
                },
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'saveInstance',
                src: 'saveInstance',
                input: ({ context }) => settingsInput(context.instance, context.name, context.chatbotId),
                onDone: {
                  target: '#instanceConnection.closed',
                  actions: ['toastSaved', 'instanceSaved'],
                },
                // What was typed stays; the error shows in the dialog.
                onError: {
                  target: 'editing',
                  actions: assign({ saveError: ({ event }) => describeError(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});
