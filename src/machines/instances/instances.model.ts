import { ApiError } from '../../api/errors';
import type { Instance } from '../../api/schemas/instances';
import type { FlowModel } from '../model';
import { resourceModel } from '../resource/resource.model';
import {
  type ChatbotOption,
  chatbotOptionsMachine,
  instanceListMachine,
  instancesMachine,
} from './instances.machine';

// The demo owner's numbers and chatbots as mocks/seed.ts creates them (tests/qa-demo-data.test.ts checks):
// a QA jump shows them, and what the flow does next (save, delete) reaches records the demo backend has.
export const sampleInstance: Instance = {
  id: 'inst-hhvflry0',
  instanceName: 'Main support line',
  chatbotId: 'bot-mrh0jnzf',
  status: 0,
  instanceStatus: 'qr',
  qrCode: null,
  phoneNumber: '14155550123',
  createdAt: '2026-09-25T05:00:00.000Z',
  lastActiveAt: '2026-11-21T18:25:00.000Z',
};
export const sampleChatbots: ChatbotOption[] = [
  { id: 'bot-mrh0jnzf', name: 'Ava – Customer Support' },
  { id: 'bot-tjnjtc2s', name: 'Leo – Sales Assistant' },
  { id: 'bot-837uwwal', name: 'Nova – Tech Support' },
];

const listFailure = new ApiError({
  kind: 'http',
  status: 500,
  endpoint: 'instanceList',
  message: 'Internal server error',
});

export const instancesModel: FlowModel<{ userId: string }> = {
  id: 'instances',
  machine: instancesMachine,
  input: { userId: 'user-owner' },
  events: [
    { type: 'list.reload' },
    // What the list resource tells the page.
    { type: 'resource.loaded', id: instanceListMachine.id, data: [sampleInstance] },
    { type: 'resource.failed', id: instanceListMachine.id, error: listFailure },
    { type: 'settings.opened', id: sampleInstance.id },
    { type: 'settings.nameChanged', value: '' },
    { type: 'settings.nameChanged', value: 'Front desk' },
    { type: 'settings.chatbotChanged', value: 'bot-tjnjtc2s' },
    { type: 'settings.saved' },
    { type: 'settings.closed' },
    { type: 'delete.requested', id: sampleInstance.id },
    { type: 'delete.confirmed' },
    { type: 'delete.cancelled' },
  ],
  outputs: {
    saveSettings: { ...sampleInstance, instanceName: 'Front desk', chatbotId: 'bot-tjnjtc2s' },
    logout: { success: true },
  },
  serialize: ({ context: c }) => [
    c.instances.length,
    c.target?.id ?? null,
    c.draftName !== '',
    c.draftChatbotId !== '',
    c.settingsError !== null,
  ],
};

export const instanceListModel = resourceModel(instanceListMachine, { data: [sampleInstance] });

export const chatbotOptionsModel = resourceModel(chatbotOptionsMachine, {
  params: { userId: 'user-owner' },
  data: sampleChatbots,
});
