import {
  BOT_SETTINGS_DEFAULTS,
  type BotSettings,
  type Chatbot,
  type ChatbotBody,
  type KnowledgeBaseFile,
  STYLE_TEXT_MAX,
} from '../../api/schemas/chatbots';
import type { UploadedFile } from '../../api/schemas/upload';
import {
  DEFAULT_MAX_TOKENS,
  DEFAULT_TEMPERATURE,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TEMPERATURE_STEP,
} from '../constants';

/** A knowledge file on the client side (spec section 3). */
export interface KnowledgeFile {
  knowledgeFileId: string;
  name: string;
  size: number;
  url: string;
  /** When it was uploaded; files of a saved bot do not say. */
  date: string | null;
}

/** What the editor edits. Max tokens is kept as typed, so a half-typed number is not lost. */
export interface BotForm {
  name: string;
  model: string;
  temperature: number;
  maxTokens: string;
  prompt: string;
  knowledge: KnowledgeFile[];
  /** The style tab's settings. */
  settings: BotSettings;
}

/** Fields the screen does not edit but every save sends back as they were. */
export interface BotExtras {
  description: string | null;
  platform: string;
  stop: string | null;
  type: string;
}

/** A style setting changed, with a value of that setting's type. */
export type SettingChangedEvent = {
  [K in keyof BotSettings]: { type: 'setting.changed'; setting: K; value: BotSettings[K] };
}[keyof BotSettings];

export type BotTextField = 'name' | 'model' | 'prompt' | 'maxTokens';
export type BotField = BotTextField | 'temperature';

/** New mode: no model chosen yet, the spec's temperature and max tokens. */
export const defaultForm = (): BotForm => ({
  name: '',
  model: '',
  temperature: DEFAULT_TEMPERATURE,
  maxTokens: String(DEFAULT_MAX_TOKENS),
  prompt: '',
  knowledge: [],
  settings: { ...BOT_SETTINGS_DEFAULTS },
});

export const defaultExtras = (): BotExtras => ({
  description: null,
  platform: 'openai',
  stop: null,
  type: 'chat',
});

/** Onto the slider's grid: 0 to 1 in steps of 0.1 (anything unreadable becomes the default). */
export function toTemperature(value: number | string): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) return DEFAULT_TEMPERATURE;
  const clamped = Math.min(TEMPERATURE_MAX, Math.max(TEMPERATURE_MIN, n));
  const steps = Math.round(clamped / TEMPERATURE_STEP);
  return Number((steps * TEMPERATURE_STEP).toFixed(1));
}

export const fromBaseFile = (file: KnowledgeBaseFile): KnowledgeFile => ({
  knowledgeFileId: file.fileIdOnPlatform,
  name: file.name,
  size: file.fileSize,
  url: file.fileUrl,
  date: null,
});

export const fromUpload = (file: UploadedFile): KnowledgeFile => ({
  knowledgeFileId: file.knowledgeFileId,
  name: file.name,
  size: file.size,
  url: file.url,
  date: file.date,
});

export function formFromBot(bot: Chatbot, files: KnowledgeBaseFile[] = bot.KnowledgeBaseFile): BotForm {
  return {
    name: bot.name,
    model: bot.model,
    temperature: toTemperature(bot.temperature),
    maxTokens: String(bot.maxTokens),
    prompt: bot.prompt,
    knowledge: files.map(fromBaseFile),
    settings: { ...bot.settings },
  };
}

export const extrasFromBot = (bot: Chatbot): BotExtras => ({
  description: bot.description,
  platform: bot.platform,
  stop: bot.stop,
  type: bot.type,
});

/** A whole number above 0, or null. */
export function parseMaxTokens(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** A setting changed, kept within its bounds: texts at most STYLE_TEXT_MAX, the weight on its 0.1 grid. */
export function withSetting(form: BotForm, event: SettingChangedEvent): BotForm {
  let value: unknown = event.value;
  if (event.setting === 'knowledgeWeight') value = toTemperature(event.value);
  else if (event.setting === 'welcomeMessage' || event.setting === 'fallbackMessage')
    value = event.value.slice(0, STYLE_TEXT_MAX);
  return { ...form, settings: { ...form.settings, [event.setting]: value } };
}

/** The welcome and fallback texts as the server stores them. */
const trimmedSettings = (settings: BotSettings): BotSettings => ({
  ...settings,
  welcomeMessage: settings.welcomeMessage.trim(),
  fallbackMessage: settings.fallbackMessage.trim(),
});

/** The create/update body: temperature as a string, max tokens as a number, the files as their ids. */
export function toBody(form: BotForm, extras: BotExtras): ChatbotBody {
  return {
    ...extras,
    name: form.name.trim(),
    model: form.model.trim(),
    prompt: form.prompt.trim(),
    temperature: form.temperature.toFixed(1),
    maxTokens: parseMaxTokens(form.maxTokens) ?? 0,
    knowledgeBaseIds: form.knowledge.map((file) => file.knowledgeFileId),
    settings: trimmedSettings(form.settings),
  };
}

/** The form as the server would store it, so trimming or a file's date alone is not a change. */
function normalized(form: BotForm) {
  return [
    form.name.trim(),
    form.model.trim(),
    form.prompt.trim(),
    form.temperature.toFixed(1),
    parseMaxTokens(form.maxTokens) ?? form.maxTokens.trim(),
    form.knowledge.map((file) => file.knowledgeFileId),
    trimmedSettings(form.settings),
  ];
}

export const sameForm = (a: BotForm, b: BotForm) =>
  JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));

/** Names are the same when they match ignoring case and surrounding spaces (as the server judges). */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
