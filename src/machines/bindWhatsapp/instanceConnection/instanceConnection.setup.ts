import type { MessageDescriptor } from '@lingui/core';
import { and, assign, not, setup, stateIn } from 'xstate';
import { createInstance, getInstance, logoutInstance } from '../../../api/instances';
import { CONNECTED_STATUSES, type Instance } from '../../../api/schemas/instances';
import { QR_MAX_POLL_FAILURES, QR_MAX_POLLS_WITHOUT_SCAN, QR_POLL_INTERVAL_MS } from '../../constants';
import { describeError } from '../../errors';
import { fromRequest } from '../../request';
import { raiseToast, tellParent } from '../../system';
import { type CreateFailure, describeCreateFailure, instanceMessages } from '../messages';
import { saveInstanceSettings } from '../settings';

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

export const initialContext = (): ConnectionContext => ({
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
export const takeInstance = (instance: Instance) => ({
  instance,
  qrCode: instance.qrCode,
  name: instance.instanceName,
  chatbotId: instance.chatbotId ?? '',
});

export const instanceConnectionSetup = setup({
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
});
