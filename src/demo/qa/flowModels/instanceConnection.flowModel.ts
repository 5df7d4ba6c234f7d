import { now } from '../../../../mocks/clock';
import { DEMO_BOTS, demoLine } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import type { Instance } from '../../../api/schemas/instances';
import { instanceConnectionMachine } from '../../../machines/bindWhatsapp/instanceConnection/instanceConnection.machine';
import { type FlowModel, oneOf } from '../../../machines/model';

// The demo owner's number waiting for a scan, as mocks/seed.ts writes it: after a QA jump the flow checks,
// scans and saves an instance the demo backend has.
export const waitingInstance: Instance = { ...demoLine(now()), qrCode: '2@code-1' };
export const readyInstance: Instance = {
  ...waitingInstance,
  status: 1,
  instanceStatus: 'ready',
  qrCode: null,
};

const serverError = (endpoint: string) =>
  new ApiError({ kind: 'http', status: 500, endpoint, message: 'Internal server error' });
/** The plan has no room for another number: the server refuses the creation, or the check of a scan. */
const planRefusal = (endpoint: string) =>
  new ApiError({
    kind: 'http',
    status: 403,
    endpoint,
    message: 'Forbidden',
    body: {
      statusCode: 403,
      message: 'Your plan allows 1 connected instance (Starter). Upgrade to connect more numbers.',
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'instanceLimit', max: 1 },
    },
  });

export const instanceConnectionModel: FlowModel = {
  id: 'instanceConnection',
  // The limits are the constants' business (unit tests check them with a simulated clock); expiring after
  // 2 polls and failing after 2 keep the graph small with the same states and transitions.
  machine: instanceConnectionMachine.provide({
    guards: {
      codeExpires: ({ context }) => context.polls + 1 >= 2,
      givesUp: ({ context }) => context.failures + 1 >= 2,
    },
  }),
  events: [
    { type: 'dialog.opened' },
    { type: 'dialog.resumed', instance: waitingInstance },
    { type: 'dialog.closed' },
    { type: 'name.changed', value: 'Front desk' },
    { type: 'name.changed', value: '' },
    { type: 'chatbot.changed', value: DEMO_BOTS.ava.id },
    { type: 'qr.refreshRequested' },
    { type: 'create.retried' },
    { type: 'instance.confirmed' },
  ],
  outputs: {
    // Waiting for a scan, or (the phone was quick) already linked.
    createInstance: oneOf(waitingInstance, readyInstance),
    pollInstance: oneOf(waitingInstance, readyInstance),
    saveInstance: readyInstance,
    removeInstance: { success: true },
  },
  errors: {
    createInstance: oneOf(serverError('createInstance'), planRefusal('createInstance')),
    pollInstance: oneOf(serverError('pollInstance'), planRefusal('pollInstance')),
  },
  serialize: ({ context: c }) => [
    c.instance?.instanceStatus ?? null,
    c.created,
    c.refusal !== null,
    c.name !== '',
    c.chatbotId !== '',
    c.polls,
    c.failures,
    c.pollError !== null,
    c.createError !== null,
    c.saveError !== null,
    c.qrCode !== null,
  ],
};
