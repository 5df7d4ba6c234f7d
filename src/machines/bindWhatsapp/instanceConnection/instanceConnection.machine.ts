import { assign } from 'xstate';
import { describeError } from '../../errors';
import { describeCreateFailure } from '../messages';
import { settingsInput } from '../settings';
import { initialContext, instanceConnectionSetup, takeInstance } from './instanceConnection.setup';

export { isConnected } from './instanceConnection.setup';

/**
 * Binding one WhatsApp number. Closed, or open with two regions: `link` (create the instance, then poll it
 * every QR_POLL_INTERVAL_MS until the phone has scanned; bounded by expiry, by consecutive failures and by a
 * plan's refusal) and `form` (name and chatbot, saved by the update call once the number is linked). Closing
 * leaves `open`, which stops every timer and aborts every request, and resets what the dialog showed; an
 * instance it created that never linked is removed on the way out.
 */
export const instanceConnectionMachine = instanceConnectionSetup.createMachine({
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
