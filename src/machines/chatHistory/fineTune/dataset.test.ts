import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../api/schemas/chatSessions';
import {
  botSlug,
  buildDataset,
  buildExample,
  buildFineTuneFile,
  estimateExampleTokens,
  estimateTextTokens,
  type FineTuneExample,
  fineTuneFileName,
  MAX_EXAMPLE_TOKENS,
  MIN_EXAMPLES,
  toJsonl,
  validateJsonl,
} from './dataset';

let n = 0;
const msg = (sender: string, content: string): ChatMessage => ({
  id: `m${++n}`,
  content,
  sender,
  sentAt: '2026-11-20T08:00:00.000Z',
});
const user = (content: string) => msg('user', content);
const bot = (content: string) => msg('assistant', content);
const PROMPT = 'You are Ava, the shop assistant.';

/** `count` conversations of one question and one answer each. */
const conversations = (count: number, text = (i: number) => `Question ${i}`) =>
  Array.from({ length: count }, (_, i) => ({
    id: `s${i}`,
    messages: [user(text(i)), bot(`Answer ${i}`)],
  }));

/** What a test that reads the file back does: split on \n, JSON.parse each line. */
const parseLines = (jsonl: string) => jsonl.split('\n').map((line) => JSON.parse(line) as FineTuneExample);

describe('token estimate', () => {
  it('counts about four Latin characters per token, rounded up', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('abcd')).toBe(1);
    expect(estimateTextTokens('abcde')).toBe(2);
    expect(estimateTextTokens('Hello there, how are you?')).toBe(7);
  });

  it('counts one token per CJK character and two per emoji', () => {
    expect(estimateTextTokens('你好吗')).toBe(3);
    expect(estimateTextTokens('こんにちは')).toBe(5);
    expect(estimateTextTokens('안녕')).toBe(2);
    expect(estimateTextTokens('，。')).toBe(2);
    expect(estimateTextTokens('👍')).toBe(2);
    // Mixed: 2 CJK + ceil(4 / 4) + 2.
    expect(estimateTextTokens('你好 ok!😀')).toBe(2 + 1 + 2);
  });

  it('adds the cookbook overheads: 3 per message, 1 for its role, 3 per example', () => {
    const messages = [
      { role: 'system' as const, content: 'abcd' },
      { role: 'user' as const, content: '你好' },
      { role: 'assistant' as const, content: 'abcdefgh' },
    ];
    expect(estimateExampleTokens(messages)).toBe(3 + (4 + 1) + (4 + 2) + (4 + 2));
  });
});

describe('one conversation as an example', () => {
  it('puts the prompt first as system, then user and assistant turns', () => {
    const built = buildExample(`  ${PROMPT}\n`, [user('Hi'), bot('Hello!'), user('Price?'), bot('$12.')]);
    expect(built.issues).toEqual([]);
    expect(built.example?.messages).toEqual([
      { role: 'system', content: PROMPT },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'Price?' },
      { role: 'assistant', content: '$12.' },
    ]);
    expect(built.tokens).toBe(estimateExampleTokens(built.example?.messages ?? []));
  });

  it('reads "bot" and "assistant" (any case) as the bot and every other sender as the customer', () => {
    const built = buildExample(PROMPT, [
      msg('customer', 'a'),
      msg('BOT', 'b'),
      msg('8613812345678@c.us', 'c'),
      msg(' Assistant ', 'd'),
    ]);
    expect(built.example?.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('merges consecutive turns of one speaker and says how many were merged', () => {
    const built = buildExample(PROMPT, [
      user('Hi'),
      user('Are you there?'),
      bot('Yes.'),
      bot('How can I help?'),
    ]);
    expect(built.example?.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hi\n\nAre you there?' },
      { role: 'assistant', content: 'Yes.\n\nHow can I help?' },
    ]);
    expect(built.issues).toEqual([{ kind: 'turnsMerged', severity: 'warning', count: 2 }]);
  });

  it('drops empty and blank messages, and merges the turns they separated', () => {
    const built = buildExample(PROMPT, [user('Hi'), bot('  '), user('Hello?'), bot(''), bot('Yes?')]);
    expect(built.example?.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hi\n\nHello?' },
      { role: 'assistant', content: 'Yes?' },
    ]);
    expect(built.issues).toEqual([
      { kind: 'emptyTurnsDropped', severity: 'warning', count: 2 },
      { kind: 'turnsMerged', severity: 'warning', count: 1 },
    ]);
  });

  it('cuts the customer turns after the last answer, so the example ends with the assistant', () => {
    const built = buildExample(PROMPT, [user('Hi'), bot('Hello'), user('Thanks'), user('Bye')]);
    expect(built.example?.messages.at(-1)).toEqual({ role: 'assistant', content: 'Hello' });
    expect(built.issues).toContainEqual({ kind: 'trailingUserCut', severity: 'warning', count: 2 });
  });

  it('keeps a greeting of the bot before the first question', () => {
    const built = buildExample(PROMPT, [bot('Welcome!'), user('Hi'), bot('Hello')]);
    expect(built.example?.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user', 'assistant']);
  });

  it('refuses a conversation without an answer, without a question, or with nothing', () => {
    expect(buildExample(PROMPT, [user('Hi'), user('Anyone?')]).issues).toContainEqual({
      kind: 'noAssistantTurn',
      severity: 'error',
    });
    expect(buildExample(PROMPT, [bot('Welcome!')]).example).toBeNull();
    expect(buildExample(PROMPT, [bot('Welcome!')]).issues).toEqual([
      { kind: 'noUserTurn', severity: 'error' },
    ]);
    const nothing = buildExample(PROMPT, []);
    expect(nothing.example).toBeNull();
    expect(nothing.issues.map((i) => i.kind)).toEqual(['noUserTurn', 'noAssistantTurn']);
    // The only question came after the bot's greeting and was never answered.
    const unanswered = buildExample(PROMPT, [bot('Welcome!'), user('Hi')]);
    expect(unanswered.example).toBeNull();
    expect(unanswered.issues.map((i) => i.kind)).toEqual(['trailingUserCut', 'noUserTurn']);
  });

  it('refuses an example longer than OpenAI takes', () => {
    const long = 'x'.repeat(4 * MAX_EXAMPLE_TOKENS);
    const built = buildExample(PROMPT, [user(long), bot('ok')]);
    expect(built.example).toBeNull();
    expect(built.issues).toEqual([
      { kind: 'tooLong', severity: 'error', tokens: built.tokens, limit: MAX_EXAMPLE_TOKENS },
    ]);
    expect(built.tokens).toBeGreaterThan(MAX_EXAMPLE_TOKENS);
  });
});

describe('the dataset', () => {
  it('is usable with enough examples, and totals their tokens', () => {
    const dataset = buildDataset(PROMPT, conversations(MIN_EXAMPLES));
    expect(dataset.problems).toEqual([]);
    expect(dataset.examples).toHaveLength(MIN_EXAMPLES);
    expect(dataset.totalTokens).toBe(dataset.entries.reduce((s, e) => s + e.tokens, 0));
    expect(dataset.totalTokens).toBeGreaterThan(0);
  });

  it('says how many examples are missing below the minimum', () => {
    const dataset = buildDataset(PROMPT, conversations(7));
    expect(dataset.problems).toEqual([{ kind: 'tooFew', count: 7, missing: 3, min: MIN_EXAMPLES }]);
  });

  it('keeps conversations with an error out of the file and counts them as a problem', () => {
    const dataset = buildDataset(PROMPT, [
      ...conversations(MIN_EXAMPLES),
      { id: 'bad', messages: [user('Hello?')] },
    ]);
    expect(dataset.examples).toHaveLength(MIN_EXAMPLES);
    expect(dataset.entries.find((e) => e.id === 'bad')?.example).toBeNull();
    expect(dataset.problems).toEqual([{ kind: 'blockedConversations', count: 1 }]);
    // Its tokens are not in the total.
    expect(dataset.totalTokens).toBe(buildDataset(PROMPT, conversations(MIN_EXAMPLES)).totalTokens);
  });

  it('needs a prompt for the system message', () => {
    expect(buildDataset('  ', conversations(MIN_EXAMPLES)).problems).toEqual([{ kind: 'noPrompt' }]);
  });
});

describe('JSONL', () => {
  it('writes one object per line, \\n between lines, nothing after the last', () => {
    const dataset = buildDataset(PROMPT, conversations(12));
    const jsonl = toJsonl(dataset.examples);
    expect(jsonl.endsWith('}')).toBe(true);
    expect(jsonl).not.toContain('\r');
    const lines = parseLines(jsonl);
    expect(lines).toHaveLength(12);
    expect(lines).toEqual(dataset.examples);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['messages']);
      expect(line.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    }
  });

  it('survives hostile text: quotes, newlines, separators, emoji, markup, lone surrogates', () => {
    const hostile = [
      'He said "hi" and left \\ back',
      'line one\nline two\r\nline three',
      'para\u2028graph\u2029end',
      'emoji 😀👍🏽 and 汉字',
      '<script>alert("x")</script><img src=x onerror=alert(1)>',
      '{"messages":[]}',
      'tab\there, nul\u0000 end',
    ];
    const examples = buildDataset(
      PROMPT,
      hostile.map((text, i) => ({ id: `h${i}`, messages: [user(text), bot(`${text} (reply)`)] })),
    ).examples;
    const jsonl = toJsonl(examples);
    // Each example stays on its line, whatever a reader takes for a line end.
    expect(jsonl.split('\n')).toHaveLength(hostile.length);
    expect(jsonl).not.toMatch(/[\u2028\u2029\r]/);
    const back = parseLines(jsonl);
    back.forEach((line, i) => {
      expect(line.messages[1]).toEqual({ role: 'user', content: hostile[i]?.trim() });
    });
    // A lone surrogate is written as an escape, so the UTF-8 file stays well-formed.
    const lone = toJsonl([
      {
        messages: [
          { role: 'system', content: 'p' },
          { role: 'user', content: 'bad \ud800 half' },
          { role: 'assistant', content: 'ok' },
        ],
      },
    ]);
    expect(lone).toContain('\\ud800');
    expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(lone))).toBe(lone);
  });

  it('validates a good file: the count, no errors, the token total', () => {
    const dataset = buildDataset(PROMPT, conversations(MIN_EXAMPLES));
    const report = validateJsonl(toJsonl(dataset.examples));
    expect(report).toEqual({ count: MIN_EXAMPLES, errors: [], tokens: dataset.totalTokens, valid: true });
  });

  it('finds each kind of wrong line, by its number', () => {
    const good = JSON.stringify({
      messages: [
        { role: 'system', content: 's' },
        { role: 'user', content: 'u' },
        { role: 'assistant', content: 'a' },
      ],
    });
    const line = (messages: unknown) => JSON.stringify({ messages });
    const S = { role: 'system', content: 's' };
    const U = { role: 'user', content: 'u' };
    const A = { role: 'assistant', content: 'a' };
    const lines = [
      good,
      '{"messages": [',
      '[1,2]',
      '{"prompt":"x"}',
      line([S, { role: 'tool', content: 'x' }, A]),
      line([S, { role: 'user', content: ' ' }, A]),
      line([U, A]),
      line([S, A]),
      line([S, U, U, A]),
      line([S, U, A, U]),
      line([S, U, S, A]),
      '',
    ];
    const report = validateJsonl(lines.join('\n'));
    expect(report.valid).toBe(false);
    expect(report.count).toBe(lines.length);
    expect(report.errors).toEqual([
      { line: 2, error: 'notJson' },
      { line: 3, error: 'notAnObject' },
      { line: 4, error: 'noMessages' },
      { line: 5, error: 'badRole' },
      { line: 6, error: 'emptyContent' },
      { line: 7, error: 'noSystemFirst' },
      { line: 8, error: 'noUserTurn' },
      { line: 9, error: 'sameRoleTwice' },
      { line: 10, error: 'notEndingWithAssistant' },
      { line: 11, error: 'badRole' },
      { line: 12, error: 'notJson' },
    ]);
  });

  it('refuses too few lines even when each is right', () => {
    const report = validateJsonl(toJsonl(buildDataset(PROMPT, conversations(3)).examples));
    expect(report).toMatchObject({ count: 3, errors: [], valid: false });
    expect(validateJsonl('')).toMatchObject({ count: 0, valid: false });
  });
});

describe('the file', () => {
  it('is named finetune-{bot}-{YYYYMMDD-HHmmss}.jsonl in local time', () => {
    const at = new Date(2026, 10, 24, 9, 5, 7);
    expect(fineTuneFileName('Ava', at)).toBe('finetune-ava-20261124-090507.jsonl');
  });

  it('keeps no path characters of the bot name', () => {
    expect(botSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(botSlug('C:\\Users\\bot')).toBe('c-users-bot');
    expect(botSlug('Sales  Bot: "Pro" <v2>|?*')).toBe('sales-bot-pro-v2');
    expect(botSlug('客服 助手')).toBe('客服-助手');
    expect(botSlug('Ｆｕｌｌ')).toBe('full');
    expect(botSlug('...')).toBe('bot');
    expect(botSlug('\u0000\n')).toBe('bot');
    expect(botSlug('a'.repeat(100))).toHaveLength(40);
    expect(fineTuneFileName('/', new Date(2026, 0, 1))).toMatch(/^finetune-bot-20260101-000000\.jsonl$/);
  });

  it('is made only of a usable dataset, and holds its examples', () => {
    const at = new Date(2026, 10, 24, 9, 5, 7);
    const dataset = buildDataset(PROMPT, conversations(MIN_EXAMPLES));
    const file = buildFineTuneFile(dataset, 'Ava', at);
    expect(file.name).toBe('finetune-ava-20261124-090507.jsonl');
    expect(file.mimeType).toBe('application/jsonl');
    expect(parseLines(file.content)).toEqual(dataset.examples);
    expect(() => buildFineTuneFile(buildDataset(PROMPT, conversations(3)), 'Ava', at)).toThrow();
  });
});
