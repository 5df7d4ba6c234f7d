import { assign } from 'xstate';
import { databaseSetup } from './database.setup';
import { emptyForm } from './databaseForm';

export {
  type DatabaseContext,
  type DatabaseFailure,
  databaseMessages,
  type RequestInput,
} from './database.setup';

/**
 * The external database connection of a saved bot (issue 16, point 4): a summary read at start; the dialog
 * loads the connection afresh, tests what is typed, saves or removes it. Closing the dialog stops any request
 * in flight (its actor stops, its request is aborted) and forgets what was typed.
 */
export const databaseMachine = databaseSetup.createMachine({
  id: 'database',
  context: ({ input }) => ({
    botId: input.botId,
    stored: null,
    form: emptyForm(),
    errors: {},
    result: null,
    failure: null,
  }),
  initial: 'closed',
  states: {
    /**
     * The server has no database calls (they are ours, beyond the spec's): the Knowledge tab says so once,
     * and there is no dialog to open.
     */
    notOffered: {
      tags: ['notOffered'],
      entry: assign({ failure: null, stored: null }),
    },
    closed: {
      initial: 'reading',
      on: { 'database.opened': { target: 'open', actions: 'forgetTyped' } },
      states: {
        /** The summary on the Knowledge tab: is the bot connected, and to what. */
        reading: {
          tags: ['loading'],
          invoke: {
            id: 'readConnection',
            src: 'loadConnection',
            input: ({ context }) => ({ botId: context.botId }),
            onDone: {
              target: 'known',
              actions: { type: 'showStored', params: ({ event }) => ({ stored: event.output }) },
            },
            onError: [
              { guard: 'notOffered', target: '#database.notOffered' },
              { target: 'unknown', actions: 'failSummary' },
            ],
          },
        },
        known: {},
        unknown: {
          tags: ['error'],
          on: { 'summary.retried': { target: 'reading', actions: assign({ failure: null }) } },
        },
      },
    },
    open: {
      initial: 'loading',
      // Closing stops a request in flight and forgets what was typed (the password first of all).
      on: { 'database.closed': { target: 'closed.known', actions: 'forgetTyped' } },
      states: {
        loading: {
          tags: ['loading', 'busy'],
          entry: assign({ failure: null }),
          // Closed before the connection was read: the summary reads it again.
          on: { 'database.closed': { target: '#database.closed.reading', actions: 'forgetTyped' } },
          invoke: {
            id: 'loadConnection',
            src: 'loadConnection',
            input: ({ context }) => ({ botId: context.botId }),
            onDone: {
              target: 'editing',
              actions: { type: 'showStored', params: ({ event }) => ({ stored: event.output }) },
            },
            onError: [
              { guard: 'notOffered', target: '#database.notOffered', actions: 'forgetTyped' },
              { target: 'loadFailed', actions: 'failLoad' },
            ],
          },
        },
        loadFailed: {
          tags: ['error'],
          on: {
            'load.retried': 'loading',
            'database.closed': { target: '#database.closed.reading', actions: 'forgetTyped' },
          },
        },
        editing: {
          on: {
            'field.changed': { actions: 'setText' },
            'type.changed': { actions: 'setType' },
            'mode.changed': { actions: 'setMode' },
            'secret.changed': { actions: 'setSecret' },
            'secret.replaceRequested': { actions: 'replaceSecret' },
            'secret.keepRequested': { guard: 'canKeepSecret', actions: 'keepSecret' },
            'connection.tested': [
              { guard: 'formValid', target: 'testing', actions: 'startRequest' },
              { actions: ['markInvalid', 'emitRefused'] },
            ],
            'connection.saved': [
              { guard: 'formValid', target: 'saving', actions: 'startRequest' },
              { actions: ['markInvalid', 'emitRefused'] },
            ],
            'remove.requested': { guard: 'hasStored', target: 'confirmingRemove' },
          },
        },
        testing: {
          tags: ['busy', 'testing'],
          invoke: {
            id: 'testConnection',
            src: 'testConnection',
            input: ({ context }) => ({ botId: context.botId, form: context.form, stored: context.stored }),
            onDone: {
              target: 'editing',
              actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
            },
            onError: { target: 'editing', actions: 'failTest' },
          },
        },
        saving: {
          tags: ['busy', 'saving'],
          invoke: {
            id: 'saveConnection',
            src: 'saveConnection',
            input: ({ context }) => ({ botId: context.botId, form: context.form, stored: context.stored }),
            onDone: {
              target: '#database.closed.known',
              actions: [
                { type: 'showStored', params: ({ event }) => ({ stored: event.output }) },
                'announceSaved',
              ],
            },
            onError: { target: 'editing', actions: 'failSave' },
          },
        },
        confirmingRemove: {
          on: {
            'remove.confirmed': { target: 'removing', actions: 'startRequest' },
            'remove.cancelled': 'editing',
          },
        },
        removing: {
          tags: ['busy', 'removing'],
          invoke: {
            id: 'removeConnection',
            src: 'removeConnection',
            input: ({ context }) => ({ botId: context.botId }),
            onDone: {
              target: '#database.closed.known',
              actions: [{ type: 'showStored', params: { stored: null } }, 'announceRemoved'],
            },
            onError: { target: 'editing', actions: 'failRemove' },
          },
        },
      },
    },
  },
});
