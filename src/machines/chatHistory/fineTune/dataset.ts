import dayjs from 'dayjs';
import type { ChatMessage } from '../../../api/schemas/chatSessions';
import { isBotSender } from '../sessions';

/*
 * A fine-tuning dataset in OpenAI's chat format (JSONL): one example per conversation, each line
 * {"messages":[{"role":"system",...},{"role":"user",...},{"role":"assistant",...},...]}.
 * Everything here is pure: the flow (fineTune.machine.ts) loads the conversations and hands them in.
 */

/** OpenAI refuses a fine-tuning file with fewer examples. */
export const MIN_EXAMPLES = 10;
/** The longest training example OpenAI's current chat models accept (gpt-4o-mini, gpt-4.1: 65,536 tokens). */
export const MAX_EXAMPLE_TOKENS = 65_536;
/** Turns of one speaker that follow each other become one turn, their texts joined by this. */
export const MERGE_SEPARATOR = '\n\n';
/** Name of the downloaded file: finetune-{bot}-{YYYYMMDD-HHmmss}.jsonl. */
export const FINE_TUNE_FILE_TIME_FORMAT = 'YYYYMMDD-HHmmss';
export const FINE_TUNE_MIME_TYPE = 'application/jsonl';
const MAX_BOT_SLUG_LENGTH = 40;

export type FineTuneRole = 'system' | 'user' | 'assistant';
export interface FineTuneMessage {
  role: FineTuneRole;
  content: string;
}
export interface FineTuneExample {
  messages: FineTuneMessage[];
}

/**
 * What building an example found in one conversation. `error`s keep the conversation out of the file until
 * it is left out (or fixed on the server); `warning`s were fixed on the way and only say what changed.
 */
export type ConversationIssue =
  | { kind: 'emptyTurnsDropped'; severity: 'warning'; count: number }
  | { kind: 'turnsMerged'; severity: 'warning'; count: number }
  | { kind: 'trailingUserCut'; severity: 'warning'; count: number }
  | { kind: 'noUserTurn'; severity: 'error' }
  | { kind: 'noAssistantTurn'; severity: 'error' }
  | { kind: 'tooLong'; severity: 'error'; tokens: number; limit: number };

export interface BuiltExample {
  /** Null when the conversation cannot become an example (an `error` issue says why). */
  example: FineTuneExample | null;
  issues: ConversationIssue[];
  /** Estimated tokens of the example (0 without one). */
  tokens: number;
}

// ---------------------------------------------------------------------------------------------------------
// Token estimate
// ---------------------------------------------------------------------------------------------------------

/**
 * Han ideographs, kana, Hangul, CJK punctuation and full-width forms: about one token per character in
 * OpenAI's tokenizers (o200k_base often does better on common words, so this errs on the high side).
 */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
/** OpenAI cookbook (num_tokens_from_messages): every message costs 3 tokens besides its content… */
export const TOKENS_PER_MESSAGE = 3;
/** …its role is one more token… */
export const TOKENS_PER_ROLE = 1;
/** …and every example is primed with 3 tokens for the reply. */
export const TOKENS_PER_EXAMPLE = 3;

/**
 * An estimate of the tokens of a text, without shipping a tokenizer: one per CJK character, two per
 * character outside the Basic Multilingual Plane (emoji and rare ideographs are split into byte pieces), and
 * one per four of all other characters (OpenAI's rule of thumb for English), rounded up.
 */
export function estimateTextTokens(text: string): number {
  let cjk = 0;
  let astral = 0;
  let other = 0;
  for (const ch of text) {
    if (CJK.test(ch)) cjk++;
    else if ((ch.codePointAt(0) ?? 0) > 0xffff) astral++;
    else other++;
  }
  return cjk + 2 * astral + Math.ceil(other / 4);
}

/** The estimate of an example as OpenAI's cookbook counts chat messages: overheads plus contents. */
export function estimateExampleTokens(messages: readonly FineTuneMessage[]): number {
  return messages.reduce(
    (sum, m) => sum + TOKENS_PER_MESSAGE + TOKENS_PER_ROLE + estimateTextTokens(m.content),
    TOKENS_PER_EXAMPLE,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Building
// ---------------------------------------------------------------------------------------------------------

/** The app's senders (spec section 3): bot or assistant is the bot, anything else the customer. */
export const roleOf = (sender: string): 'user' | 'assistant' => (isBotSender(sender) ? 'assistant' : 'user');

/**
 * One conversation as one training example: the bot's prompt as the system message, then the customer's
 * turns as user and the bot's as assistant. Empty messages are dropped, consecutive turns of one speaker
 * merged, and customer turns after the bot's last answer cut (an example ends with what the model learns to
 * say). Each change is reported.
 */
export function buildExample(systemPrompt: string, messages: readonly ChatMessage[]): BuiltExample {
  const issues: ConversationIssue[] = [];
  const turns: Array<FineTuneMessage & { parts: number }> = [];
  let empty = 0;
  let merged = 0;
  for (const m of messages) {
    const content = m.content.trim();
    if (!content) {
      empty++;
      continue;
    }
    const role = roleOf(m.sender);
    const last = turns.at(-1);
    if (last && last.role === role) {
      last.content += MERGE_SEPARATOR + content;
      last.parts++;
      merged++;
    } else turns.push({ role, content, parts: 1 });
  }
  if (empty > 0) issues.push({ kind: 'emptyTurnsDropped', severity: 'warning', count: empty });
  if (merged > 0) issues.push({ kind: 'turnsMerged', severity: 'warning', count: merged });

  const hasUser = turns.some((t) => t.role === 'user');
  const hasAssistant = turns.some((t) => t.role === 'assistant');
  if (!hasUser) issues.push({ kind: 'noUserTurn', severity: 'error' });
  if (!hasAssistant) issues.push({ kind: 'noAssistantTurn', severity: 'error' });
  if (!hasUser || !hasAssistant) return { example: null, issues, tokens: 0 };

  // After merging, at most one user turn follows the last assistant turn.
  const tail = turns.at(-1);
  if (tail?.role === 'user') {
    turns.pop();
    issues.push({ kind: 'trailingUserCut', severity: 'warning', count: tail.parts });
  }
  // Cutting the tail may have removed the only user turn (a bot greeting, then a question never answered).
  if (!turns.some((t) => t.role === 'user')) {
    issues.push({ kind: 'noUserTurn', severity: 'error' });
    return { example: null, issues, tokens: 0 };
  }

  const example: FineTuneExample = {
    messages: [
      { role: 'system', content: systemPrompt.trim() },
      ...turns.map(({ role, content }) => ({ role, content })),
    ],
  };
  const tokens = estimateExampleTokens(example.messages);
  if (tokens > MAX_EXAMPLE_TOKENS) {
    issues.push({ kind: 'tooLong', severity: 'error', tokens, limit: MAX_EXAMPLE_TOKENS });
    return { example: null, issues, tokens };
  }
  return { example, issues, tokens };
}

export const hasError = (issues: readonly ConversationIssue[]) => issues.some((i) => i.severity === 'error');

/** What stands in the way of a usable file as a whole. */
export type DatasetProblem =
  | { kind: 'noPrompt' }
  | { kind: 'tooFew'; count: number; missing: number; min: number }
  | { kind: 'blockedConversations'; count: number };

export interface DatasetConversation {
  id: string;
  messages: readonly ChatMessage[];
}

export interface DatasetEntry extends BuiltExample {
  id: string;
}

export interface Dataset {
  entries: DatasetEntry[];
  /** The examples that go into the file, in the conversations' order. */
  examples: FineTuneExample[];
  totalTokens: number;
  problems: DatasetProblem[];
}

/**
 * The dataset of the conversations given (already without those left out), with `prompt` as every
 * example's system message. It is usable when `problems` is empty.
 */
export function buildDataset(prompt: string, conversations: readonly DatasetConversation[]): Dataset {
  const entries = conversations.map(({ id, messages }) => ({ id, ...buildExample(prompt, messages) }));
  const examples = entries.flatMap((e) => (e.example && !hasError(e.issues) ? [e.example] : []));
  const totalTokens = sumTokens(entries);
  const problems: DatasetProblem[] = [];
  if (!prompt.trim()) problems.push({ kind: 'noPrompt' });
  const blocked = entries.filter((e) => hasError(e.issues)).length;
  if (blocked > 0) problems.push({ kind: 'blockedConversations', count: blocked });
  if (examples.length < MIN_EXAMPLES)
    problems.push({
      kind: 'tooFew',
      count: examples.length,
      missing: MIN_EXAMPLES - examples.length,
      min: MIN_EXAMPLES,
    });
  return { entries, examples, totalTokens, problems };
}

const sumTokens = (entries: readonly DatasetEntry[]) =>
  entries.reduce((sum, e) => sum + (e.example && !hasError(e.issues) ? e.tokens : 0), 0);

// ---------------------------------------------------------------------------------------------------------
// JSONL
// ---------------------------------------------------------------------------------------------------------

/**
 * One JSON object per line, lines separated by \n, no blank line at the end. JSON.stringify already escapes
 * quotes, backslashes, control characters (newlines in a message stay inside its line) and lone surrogates;
 * U+2028 and U+2029 are escaped too, since some readers (Python's splitlines, older JavaScript) take them
 * for line ends.
 */
export function toJsonl(examples: readonly FineTuneExample[]): string {
  return examples
    .map((e) =>
      JSON.stringify({ messages: e.messages.map(({ role, content }) => ({ role, content })) })
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029'),
    )
    .join('\n');
}

export type JsonlLineError =
  | 'notJson'
  | 'notAnObject'
  | 'noMessages'
  | 'badRole'
  | 'emptyContent'
  | 'noSystemFirst'
  | 'noUserTurn'
  | 'sameRoleTwice'
  | 'notEndingWithAssistant';

export interface JsonlReport {
  /** Lines read (each an example). */
  count: number;
  /** The first problem of each wrong line, by 1-based line number. */
  errors: Array<{ line: number; error: JsonlLineError }>;
  tokens: number;
  /** Whether OpenAI's chat fine-tuning would take the file: every line right and enough examples. */
  valid: boolean;
}

const ROLES = new Set<string>(['system', 'user', 'assistant']);

function checkLine(line: string): { error: JsonlLineError } | { messages: FineTuneMessage[] } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { error: 'notJson' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'notAnObject' };
  const messages = (value as { messages?: unknown }).messages;
  if (!Array.isArray(messages) || messages.length === 0) return { error: 'noMessages' };
  for (const m of messages) {
    if (typeof m !== 'object' || m === null || !ROLES.has((m as { role?: unknown }).role as string))
      return { error: 'badRole' };
    const content = (m as { content?: unknown }).content;
    if (typeof content !== 'string' || !content.trim()) return { error: 'emptyContent' };
  }
  const list = messages as FineTuneMessage[];
  if (list[0]?.role !== 'system') return { error: 'noSystemFirst' };
  if (list.slice(1).some((m) => m.role === 'system')) return { error: 'badRole' };
  if (!list.some((m) => m.role === 'user')) return { error: 'noUserTurn' };
  for (let i = 1; i < list.length; i++) {
    if (list[i]?.role === list[i - 1]?.role) return { error: 'sameRoleTwice' };
  }
  if (list.at(-1)?.role !== 'assistant') return { error: 'notEndingWithAssistant' };
  return { messages: list };
}

/**
 * Reads a JSONL file back line by line, as OpenAI's chat fine-tuning checks it: each line one object with
 * messages; system first, then user and assistant turns that alternate, no empty content, an assistant turn
 * last; at least MIN_EXAMPLES lines. It checks the text actually downloaded, not the objects it came from.
 */
export function validateJsonl(text: string): JsonlReport {
  const lines = text === '' ? [] : text.split('\n');
  const errors: JsonlReport['errors'] = [];
  let tokens = 0;
  lines.forEach((line, i) => {
    const result = checkLine(line);
    if ('error' in result) errors.push({ line: i + 1, error: result.error });
    else tokens += estimateExampleTokens(result.messages);
  });
  return { count: lines.length, errors, tokens, valid: errors.length === 0 && lines.length >= MIN_EXAMPLES };
}

// ---------------------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------------------

/**
 * A bot's name as a safe piece of a file name: letters (any script) and digits kept, everything else (path
 * separators, dots, spaces, quotes, control characters) one hyphen; lower case; never empty.
 */
export function botSlug(name: string): string {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, MAX_BOT_SLUG_LENGTH).join('').replace(/-+$/, '') || 'bot';
}

export function fineTuneFileName(botName: string, at: Date): string {
  return `finetune-${botSlug(botName)}-${dayjs(at).format(FINE_TUNE_FILE_TIME_FORMAT)}.jsonl`;
}

export interface FineTuneFile {
  name: string;
  mimeType: string;
  content: string;
}

/** The file of a usable dataset; throws when it is not (the flow only asks for a usable one). */
export function buildFineTuneFile(dataset: Dataset, botName: string, at: Date): FineTuneFile {
  const content = toJsonl(dataset.examples);
  const report = validateJsonl(content);
  if (dataset.problems.length > 0 || !report.valid) {
    throw new Error(
      `The fine-tuning file is not valid (${report.errors.length} wrong lines, ${report.count})`,
    );
  }
  return { name: fineTuneFileName(botName, at), mimeType: FINE_TUNE_MIME_TYPE, content };
}
