import type { Chatbot } from '../../api/schemas/chatbots';
import type { UploadedFile } from '../../api/schemas/upload';
import { type FlowModel, oneOf } from '../model';
import { type BotEditorContext, botEditorMachine, isDirty } from './botEditor.machine';

export const sampleBot = (id: string, over: Partial<Chatbot> = {}): Chatbot => ({
  id,
  name: `Bot ${id}`,
  description: 'Answers questions',
  prompt: 'You are the customer service assistant of Acme.',
  platform: 'openai',
  model: 'gpt-4o',
  temperature: '0.5',
  maxTokens: 1024,
  stop: null,
  type: 'chat',
  isActive: true,
  KnowledgeBaseFile: [],
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const sampleUpload = (name: string): UploadedFile => ({
  name,
  size: 2048,
  date: '2026-11-22T10:00:00.000Z',
  knowledgeFileId: `kf-${name}`,
  url: `https://files.demo.test/${name}`,
});

const nameClass = (c: BotEditorContext) =>
  c.form.name.trim() === '' ? 'blank' : c.bots.some((b) => b.name === c.form.name) ? 'used' : 'free';

export const botEditorModel: FlowModel<{ userId: string | null }> = {
  id: 'botEditor',
  machine: botEditorMachine,
  input: { userId: 'user-1' },
  events: [
    { type: 'user.changed', userId: 'user-1' },
    { type: 'bot.selected', id: 'a' },
    { type: 'bot.selected', id: 'b' },
    { type: 'bot.selected', id: 'unknown' },
    { type: 'bot.newRequested' },
    { type: 'field.changed', field: 'name', value: '' },
    { type: 'field.changed', field: 'name', value: 'Leo' },
    { type: 'field.changed', field: 'name', value: 'Fresh' },
    { type: 'field.changed', field: 'model', value: '' },
    { type: 'field.changed', field: 'model', value: 'gpt-4o' },
    { type: 'field.changed', field: 'prompt', value: '' },
    { type: 'field.changed', field: 'prompt', value: 'Prompt' },
    { type: 'field.changed', field: 'maxTokens', value: 'many' },
    { type: 'temperature.changed', value: 0.2 },
    { type: 'knowledge.uploaded', file: sampleUpload('faq.txt') },
    { type: 'knowledge.removed', id: 'kf-faq.txt' },
    { type: 'template.chosen', prompt: 'Template' },
    { type: 'template.confirmed' },
    { type: 'template.cancelled' },
    { type: 'switch.confirmed' },
    { type: 'switch.cancelled' },
    { type: 'form.reset' },
    { type: 'save.requested' },
    { type: 'load.retried' },
  ],
  outputs: {
    loadBots: oneOf([sampleBot('a'), sampleBot('b', { name: 'Leo' })], []),
    reloadBots: [sampleBot('a'), sampleBot('b', { name: 'Leo' })],
    loadBot: { bot: sampleBot('a'), files: [] },
    createBot: sampleBot('c', { name: 'Fresh' }),
    updateBot: sampleBot('a', { name: 'Fresh' }),
  },
  // The form only as the rules see it (which rule would refuse a save, whether anything changed).
  serialize: ({ context }) => {
    const c = context as BotEditorContext;
    return [
      c.selectedId === null,
      c.form.name.trim() === '',
      c.form.model.trim() === '',
      c.form.prompt.trim() === '',
      isDirty(c),
      c.pendingTemplate !== null,
      c.pendingSwitch?.kind ?? null,
    ];
  },
};

/** Finer, for transition coverage: which bot, how many, and whether the name is free or taken. */
export const botEditorCoverageModel: FlowModel<{ userId: string | null }> = {
  ...botEditorModel,
  serialize: ({ context }) => {
    const c = context as BotEditorContext;
    return [
      c.selectedId,
      c.bots.length,
      nameClass(c),
      c.form.model.trim() === '',
      c.form.prompt.trim() === '',
      c.form.maxTokens === 'many',
      isDirty(c),
      c.pendingTemplate !== null,
      c.pendingSwitch?.kind ?? null,
    ];
  },
};
