import { now } from '../../../../mocks/clock';
import { DEMO_BOTS, DEMO_OWNER, type DemoChatbot, demoChatbot } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import { BOT_SETTINGS_DEFAULTS, type Chatbot } from '../../../api/schemas/chatbots';
import type { UploadedFile } from '../../../api/schemas/upload';
import {
  type BotEditorContext,
  botEditorMachine,
  isDirty,
} from '../../../machines/botSettings/botEditor.machine';
import { COMPANY_PLACEHOLDER, hasCompanyPlaceholder } from '../../../machines/botSettings/companyPlaceholder';
import { type FlowModel, oneOf } from '../../../machines/model';

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
  settings: over.settings ?? { ...BOT_SETTINGS_DEFAULTS },
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
/** An address naming a chatbot that is not the user's. */
export const UNKNOWN_BOT = 'bot-not-yours';

const nameClass = (c: BotEditorContext) =>
  c.form.name.trim() === '' ? 'blank' : c.bots.some((b) => b.name === c.form.name) ? 'used' : 'free';

/** Ava's saved prompts as the seed writes them, oldest first: her first prompt, then today's. */
export const avaVersions = [
  { id: 'pv-first', prompt: DEMO_BOTS.ava.firstPrompt ?? '', createdAt: ava.updatedAt },
  { id: 'pv-now', prompt: ava.prompt, createdAt: ava.updatedAt },
];
/** The history viewer's key of Ava's first prompt (see historyEntries). */
export const FIRST_VERSION_KEY = 'version:pv-first:0';

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
    // A template's prompt as chosen: it still says [Company Name], so Save asks first.
    { type: 'field.changed', field: 'prompt', value: `You are the assistant of ${COMPANY_PLACEHOLDER}.` },
    { type: 'field.changed', field: 'maxTokens', value: 'many' },
    { type: 'temperature.changed', value: 0.2 },
    { type: 'setting.changed', setting: 'tone', value: 'friendly' },
    { type: 'history.restored', key: FIRST_VERSION_KEY },
    // Optimise with AI, and the optimiser's answer once the user applies it.
    { type: 'prompt.optimiseRequested' },
    { type: 'prompt.optimised', prompt: 'Improved prompt' },
    { type: 'bot.deleteRequested' },
    { type: 'knowledge.uploaded', file: sampleUpload('faq.txt') },
    { type: 'knowledge.removed', id: 'kf-faq.txt' },
    { type: 'template.chosen', prompt: 'Template' },
    { type: 'template.confirmed' },
    { type: 'template.cancelled' },
    { type: 'switch.confirmed' },
    { type: 'switch.cancelled' },
    { type: 'changes.discarded' },
    { type: 'save.requested' },
    // The answers to "Your prompt still says [Company Name]": a name (or none typed), save anyway, cancel.
    { type: 'placeholder.filled', company: 'Acme Outdoor' },
    { type: 'placeholder.filled', company: ' ' },
    { type: 'placeholder.ignored' },
    { type: 'placeholder.cancelled' },
    { type: 'load.retried' },
    // The address: another tab, Back to another bot with its tab, a bot that is not the user's, none.
    { type: 'tab.selected', tab: 'knowledge' },
    { type: 'url.changed', botId: leo.id, tab: 'prompt' },
    { type: 'url.changed', botId: UNKNOWN_BOT, tab: 'basic' },
    { type: 'url.changed', botId: null, tab: 'basic' },
    { type: 'bot.listRequested' },
  ],
  outputs: {
    loadBots: oneOf([ava, leo, nova], []),
    reloadBots: [ava, leo, nova],
    loadBot: { bot: ava, files: ava.KnowledgeBaseFile, versions: avaVersions },
    botDelete: oneOf({ deleted: true }, { deleted: false }),
    createBot: sampleBot('bot-fresh', { name: 'Fresh' }),
    updateBot: { ...ava, name: 'Fresh' },
  },
  errors: {
    loadBot: oneOf(
      new ApiError({ kind: 'http', status: 500, endpoint: 'loadBot', message: 'Internal server error' }),
      new ApiError({ kind: 'http', status: 404, endpoint: 'loadBot', message: 'Chatbot not found' }),
    ),
  },
  // The form only as the rules see it (which rule would refuse a save, whether anything changed).
  serialize: ({ context }) => {
    const c = context as BotEditorContext;
    return [
      c.selectedId === null,
      c.form.name.trim() === '',
      c.form.model.trim() === '',
      c.form.prompt.trim() === '',
      hasCompanyPlaceholder(c.form.prompt),
      isDirty(c),
      c.pendingTemplate !== null,
      c.pendingSwitch?.kind ?? null,
    ];
  },
  // Finer, for transition coverage: which bot, how many, whether the name is free or taken, and the bot the
  // address asked for; and the event the machine raises for an address naming no bot of the user's.
  coverage: {
    events: [{ type: 'url.unknownBot', id: UNKNOWN_BOT }],
    serialize: ({ context }) => {
      const c = context as BotEditorContext;
      return [
        c.selectedId,
        c.requestedId,
        c.bots.length,
        nameClass(c),
        c.form.model.trim() === '',
        c.form.prompt.trim() === '',
        hasCompanyPlaceholder(c.form.prompt),
        c.form.maxTokens === 'many',
        isDirty(c),
        c.pendingTemplate !== null,
        c.pendingSwitch?.kind ?? null,
      ];
    },
  },
};
