import { now } from '../../../../mocks/clock';
import { DEMO_BOTS, DEMO_OWNER, demoLine } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import type { Instance } from '../../../api/schemas/instances';
import {
  type ChatbotOption,
  chatbotOptionsMachine,
  instanceListMachine,
  instancesMachine,
} from '../../../machines/bindWhatsapp/instances.machine';
import type { FlowModel } from '../../../machines/model';
import { membershipMachine } from '../../../machines/usageBilling/billing/membership';
import { sampleMembership } from './billing.flowModel';
import { resourceModel } from './resource.flowModel';

// The demo owner's numbers and chatbots as mocks/seed.ts writes them: a QA jump shows them, and what the flow
// does next (save, delete) reaches records the demo backend has.
export const sampleInstance: Instance = { ...demoLine(now()), qrCode: null };
/** The same number once its phone has linked it (limits-reached): with Starter's one allowed, the plan is full. */
export const linkedInstance: Instance = { ...demoLine(now(), true), qrCode: null };
export const sampleChatbots: ChatbotOption[] = Object.values(DEMO_BOTS).map(({ id, name }) => ({ id, name }));

const listFailure = new ApiError({
  kind: 'http',
  status: 500,
  endpoint: 'instanceList',
  message: 'Internal server error',
});

export const instancesModel: FlowModel<{ userId: string }> = {
  id: 'instances',
  machine: instancesMachine,
  input: { userId: DEMO_OWNER.id },
  events: [
    { type: 'list.reload' },
    // What the list resource tells the page.
    { type: 'resource.loaded', id: instanceListMachine.id, data: [sampleInstance] },
    { type: 'resource.loaded', id: instanceListMachine.id, data: [linkedInstance] },
    { type: 'resource.failed', id: instanceListMachine.id, error: listFailure },
    { type: 'resource.loaded', id: membershipMachine.id, data: sampleMembership },
    { type: 'add.requested' },
    { type: 'setup.resumed', id: sampleInstance.id },
    { type: 'settings.opened', id: sampleInstance.id },
    { type: 'settings.nameChanged', value: '' },
    { type: 'settings.nameChanged', value: 'Front desk' },
    { type: 'settings.chatbotChanged', value: DEMO_BOTS.leo.id },
    { type: 'settings.saved' },
    { type: 'settings.closed' },
    { type: 'delete.requested', id: sampleInstance.id },
    { type: 'delete.confirmed' },
    { type: 'delete.cancelled' },
  ],
  outputs: {
    saveSettings: { ...sampleInstance, instanceName: 'Front desk', chatbotId: DEMO_BOTS.leo.id },
    logout: { success: true },
  },
  serialize: ({ context: c }) => [
    c.instances.length,
    c.instances.some((i: Instance) => i.status === 1),
    c.allowance !== null,
    c.target?.id ?? null,
    c.draftName !== '',
    c.draftChatbotId !== '',
    c.settingsError !== null,
  ],
};

export const instanceListModel = resourceModel(instanceListMachine, { data: [sampleInstance] });

export const chatbotOptionsModel = resourceModel(chatbotOptionsMachine, {
  params: { userId: DEMO_OWNER.id },
  data: sampleChatbots,
});
