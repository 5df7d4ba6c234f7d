import { now } from '../../../mocks/clock';
import { DEMO_BOTS, DEMO_OWNER, type DemoChatbot, demoChatbot } from '../../../mocks/seed';
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

// The demo owner's chatbots as mocks/seed.ts writes them: a QA jump shows them, and what the flow does next
// (load, save) reaches records the demo backend has.
const demoBot = (bot: DemoChatbot, t = now()) => sampleBot(bot.id, demoChatbot(bot, t));
const ava = demoBot(DEMO_BOTS.ava);
const leo = demoBot(DEMO_BOTS.leo);
const nova = demoBot(DEMO_BOTS.nova);

export const demoBots = [ava, leo, nova];

const nameClass = (c: BotEditorContext) =>
  c.form.name.trim() === '' ? 'blank' : c.bots.some((b) => b.name === c.form.name) ? 'used' : 'free';

export const botEditorModel: FlowModel<{ userId: string | null }> = {
  id: 'botEditor',
  machine: botEditorMachine,
  input: { userId: DEMO_OWNER.id },
  events: [
    { type: 'user.changed', userId: DEMO_OWNER.id },
    { type: 'bot.selected', id: ava.id },
    { type: 'bot.selected', id: leo.id },
    { type: 'bot.selected', id: 'unknown' },
    { type: 'bot.newRequested' },
    { type: 'field.changed', field: 'name', value: '' },
    { type: 'field.changed', field: 'name', value: leo.name },
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
    loadBots: oneOf([ava, leo, nova], []),
    reloadBots: [ava, leo, nova],
    loadBot: { bot: ava, files: ava.KnowledgeBaseFile },
    createBot: sampleBot('bot-fresh', { name: 'Fresh' }),
    updateBot: { ...ava, name: 'Fresh' },
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
