import type { Instance } from '../../api/schemas/instances';
import type { FlowModel } from '../model';
import { type ChatbotOption, instancesMachine } from './instances.machine';

export const sampleInstance: Instance = {
  id: 'inst-1',
  instanceName: 'Main support line',
  chatbotId: 'bot-1',
  status: 1,
  instanceStatus: 'ready',
  qrCode: null,
  phoneNumber: '14155550123',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastActiveAt: '2026-11-22T08:00:00.000Z',
};
export const sampleChatbots: ChatbotOption[] = [
  { id: 'bot-1', name: 'Ava' },
  { id: 'bot-2', name: 'Leo' },
];

export const instancesModel: FlowModel<{ userId: string }> = {
  id: 'instances',
  machine: instancesMachine,
  input: { userId: 'user-owner' },
  events: [
    { type: 'list.reload' },
    { type: 'chatbots.reload' },
    { type: 'settings.opened', id: 'inst-1' },
    { type: 'settings.nameChanged', value: '' },
    { type: 'settings.nameChanged', value: 'Front desk' },
    { type: 'settings.chatbotChanged', value: 'bot-2' },
    { type: 'settings.saved' },
    { type: 'settings.closed' },
    { type: 'delete.requested', id: 'inst-1' },
    { type: 'delete.confirmed' },
    { type: 'delete.cancelled' },
  ],
  outputs: {
    loadInstances: [sampleInstance],
    loadChatbots: sampleChatbots,
    saveSettings: { ...sampleInstance, instanceName: 'Front desk', chatbotId: 'bot-2' },
    logout: { success: true },
  },
  serialize: ({ context: c }) => [
    c.instances.length,
    c.target?.id ?? null,
    c.draftName !== '',
    c.draftChatbotId !== '',
    c.listError !== null,
    c.chatbotsError !== null,
    c.settingsError !== null,
  ],
};
