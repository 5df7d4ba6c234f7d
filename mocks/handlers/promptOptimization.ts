import { delay, HttpResponse } from 'msw';
import {
  type OptimizationStreamEvent,
  type OptimizeLanguage,
  PromptOptimizationBodySchema,
} from '../../src/api/schemas/promptOptimization';
import { db, newId } from '../db';
import { authedRoute, errorResponse, fail, readBody } from './common';

/*
 * AI optimisation of a system prompt (issue 16). POST /chatbots/prompt-optimizations takes the prompt (too
 * long for a URL) and answers the optimisation's id; GET .../{id}/stream streams the improved prompt as
 * server-sent events, `data: {"type":"delta","text":"…"}` then `data: {"type":"done"}`, or a failure as
 * `error: {"message":"…"}`. The "language model" is deterministic: the prompt's own sentences sorted into a
 * role, core responsibilities, guidelines, prohibited behaviours, brand tone and example responses, with a
 * sensible line added where the prompt said nothing, headings in the prompt's language, and `[Company Name]`
 * (and everything else the user wrote) kept as written.
 */

/** Words in a prompt that make the mock fail its stream, for tests and QA (see mocks/README.md). */
export const OPTIMIZE_FAILURES = {
  /** Half the text, then `error: {"message": …}`. */
  errorLine: '#mock-stream-error',
  /** The stream's GET answers 500. */
  httpError: '#mock-http-500',
  /** Half the text, then the connection breaks. */
  dropped: '#mock-stream-drop',
} as const;

/** The message of the failure that the `errorLine` trigger streams. */
export const OPTIMIZE_STREAM_ERROR = 'The AI service is overloaded. Please try again in a minute.';

export type Section = 'role' | 'responsibilities' | 'guidelines' | 'prohibited' | 'tone' | 'examples';
export const SECTIONS: readonly Section[] = [
  'role',
  'responsibilities',
  'guidelines',
  'prohibited',
  'tone',
  'examples',
];

export const SECTION_HEADINGS: Record<OptimizeLanguage, Record<Section, string>> = {
  en: {
    role: 'Role',
    responsibilities: 'Core responsibilities',
    guidelines: 'Guidelines',
    prohibited: 'Prohibited behaviours',
    tone: 'Brand tone',
    examples: 'Example responses',
  },
  'zh-CN': {
    role: '角色',
    responsibilities: '核心职责',
    guidelines: '行为准则',
    prohibited: '禁止行为',
    tone: '品牌语气',
    examples: '回复示例',
  },
  'zh-TW': {
    role: '角色',
    responsibilities: '核心職責',
    guidelines: '行為準則',
    prohibited: '禁止行為',
    tone: '品牌語氣',
    examples: '回覆範例',
  },
};

/** What the optimiser adds to a section the prompt left empty. */
const SUGGESTIONS: Record<OptimizeLanguage, Record<Section, string[]>> = {
  en: {
    role: ['You are the assistant of [Company Name].'],
    responsibilities: [
      "Answer customers' questions accurately, using the knowledge base first.",
      'Hand the conversation to a human colleague, with a short summary, when you cannot help.',
    ],
    guidelines: [
      'Keep answers short and clear; ask one clarifying question at a time when a request is unclear.',
      'Before closing, check whether the customer needs anything else.',
    ],
    prohibited: [
      'Never invent facts, prices, policies or dates.',
      'Never ask for passwords, full card numbers or one-time codes.',
    ],
    tone: ['Friendly, professional and concise.'],
    examples: [
      'Customer: "Can you help me with my order?"',
      'You: "Of course! Could you share your order number so I can check it for you?"',
    ],
  },
  'zh-CN': {
    role: ['你是 [Company Name] 的智能助理。'],
    responsibilities: ['优先依据知识库，准确解答客户的问题。', '无法处理时，附上简要摘要后转交人工同事。'],
    guidelines: ['回答简洁清晰；请求不明确时，每次只问一个问题。', '结束前确认客户是否还需要其他帮助。'],
    prohibited: ['不得编造事实、价格、政策或日期。', '不得索要密码、完整银行卡号或验证码。'],
    tone: ['友好、专业、简洁。'],
    examples: ['客户：“能帮我查一下订单吗？”', '你：“当然可以！请提供订单号，我马上为你查询。”'],
  },
  'zh-TW': {
    role: ['你是 [Company Name] 的智慧助理。'],
    responsibilities: ['優先依據知識庫，準確解答客戶的問題。', '無法處理時，附上簡要摘要後轉交真人同事。'],
    guidelines: ['回答簡潔清楚；需求不明確時，每次只問一個問題。', '結束前確認客戶是否還需要其他協助。'],
    prohibited: ['不得捏造事實、價格、政策或日期。', '不得索取密碼、完整信用卡號或驗證碼。'],
    tone: ['親切、專業、簡潔。'],
    examples: ['客戶：「可以幫我查一下訂單嗎？」', '你：「當然可以！請提供訂單編號，我馬上為你查詢。」'],
  },
};

const CJK = /[\u3400-\u9fff]/g;
const LATIN = /[A-Za-z]/g;
// Characters written differently in Traditional and Simplified Chinese, pair by pair.
const TRADITIONAL = '們這為與個來說對會時點問題買賣價錢應該請務職責準語氣範關於處還讓從邊裡戶訂單貨運號碼';
const SIMPLIFIED = '们这为与个来说对会时点问题买卖价钱应该请务职责准语气范关于处还让从边里户订单货运号码';

const countOf = (text: string, chars: string) => [...text].filter((c) => chars.includes(c)).length;

/** The prompt's language: Chinese when it is mostly Chinese (Traditional when it writes so), else English. */
export function promptLanguage(prompt: string): OptimizeLanguage {
  const cjk = prompt.match(CJK)?.length ?? 0;
  const latin = prompt.match(LATIN)?.length ?? 0;
  if (cjk === 0 || cjk * 3 < latin) return 'en';
  return countOf(prompt, TRADITIONAL) > countOf(prompt, SIMPLIFIED) ? 'zh-TW' : 'zh-CN';
}

const KEYWORDS: Array<[Section, RegExp]> = [
  ['examples', /example|sample|e\.g\.|for instance|示例|範例|范例|例子|例如|比如|舉例|举例/i],
  [
    'prohibited',
    /prohibit|forbid|never|do not|don't|must not|mustn't|avoid|禁止|禁忌|不得|不要|切勿|严禁|嚴禁|不可|不能/i,
  ],
  [
    'tone',
    /\btone\b|\bvoice\b|style|friendly|polite|warm|formal|casual|语气|語氣|口吻|风格|風格|友好|友善|亲切|親切|礼貌|禮貌/i,
  ],
  ['role', /\brole\b|who you are|^you are\b|^you're\b|角色|身份|^你是|^您是|^你将|^你將|^作为|^作為/i],
  [
    'guidelines',
    /guideline|rule|policy|always|should|must|keep|\bask\b|confirm|escalate|准则|準則|规则|規則|原则|原則|务必|務必|应当|應當|应该|應該|须|須|请|請|保持|确认|確認/i,
  ],
  ['responsibilities', /responsib|dut(y|ies)|task|job|职责|職責|任务|任務|负责|負責/i],
];

/** The section a heading, a label or a sentence speaks of (null when nothing says). */
const sectionOf = (text: string): Section | null => KEYWORDS.find(([, re]) => re.test(text))?.[0] ?? null;

const HEADING = /^#{1,6}\s*(.+?)\s*#*$/;
/** "Label: text" or "标签：文字", with a short label. */
const LABELLED = /^([^:：]{1,24})[:：]\s*(.*)$/;
const BULLET = /^(?:[-*•·]|\d+[.)、])\s+/;
/** Sentences end at . ! ? and their full-width forms (a quote closing the sentence stays with it). */
const SENTENCE = /[^.!?。！？]+(?:[.!?。！？]+["”」』]?|$)/g;

const sentencesOf = (text: string) =>
  (text.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);

/** Splits "a; b; c" into items (the demo prompts list duties so). */
const itemsOf = (text: string) =>
  text
    .split(/[;；]/)
    .map((s) => s.trim())
    .filter(Boolean);

const isDialogue = (line: string) => /^[^:：\s][^:：]{0,19}[:：]\s*\S/.test(line);

function finish(item: string, language: OptimizeLanguage): string {
  const text = language === 'en' ? item.charAt(0).toUpperCase() + item.slice(1) : item;
  if (/[.!?。！？"”」』)）:：]$/.test(text)) return text;
  return text + (language === 'en' ? '.' : '。');
}

/** The prompt's content sorted into sections, in the order written; nothing the user wrote is dropped. */
export function sortPrompt(prompt: string): Record<Section, string[]> {
  const sections: Record<Section, string[]> = {
    role: [],
    responsibilities: [],
    guidelines: [],
    prohibited: [],
    tone: [],
    examples: [],
  };
  const add = (section: Section, item: string) => {
    if (item && !sections[section].includes(item)) sections[section].push(item);
  };
  let current: Section | null = null;
  for (const raw of prompt.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      current = sectionOf(heading[1] ?? '') ?? 'responsibilities';
      continue;
    }
    // Examples are dialogues: kept line by line, as written.
    if (current === 'examples') {
      add('examples', line);
      continue;
    }
    const labelled = LABELLED.exec(line);
    const label = labelled ? sectionOf(labelled[1] ?? '') : null;
    if (labelled && label && !(labelled[2] ?? '').trim()) {
      // "Guidelines:" alone on its line is a heading.
      current = label;
      continue;
    }
    if (labelled && label) {
      const content = (labelled[2] ?? '').trim();
      if (label === 'examples' || label === 'tone' || label === 'role') add(label, content);
      else for (const item of itemsOf(content)) add(label, item);
      continue;
    }
    const text = line.replace(BULLET, '');
    if (current) {
      add(current, text);
      continue;
    }
    for (const sentence of sentencesOf(text)) {
      add(sectionOf(sentence) ?? 'responsibilities', sentence);
    }
  }
  return sections;
}

/** The improved prompt: every section under its heading, the user's lines first, suggestions where empty. */
export function improvePrompt(prompt: string, language: OptimizeLanguage = promptLanguage(prompt)): string {
  const sorted = sortPrompt(prompt);
  const headings = SECTION_HEADINGS[language];
  return SECTIONS.map((section) => {
    const items = sorted[section].length > 0 ? sorted[section] : SUGGESTIONS[language][section];
    const body =
      section === 'role'
        ? items.map((item) => finish(item, language)).join(language === 'en' ? ' ' : '')
        : items
            .map((item) =>
              section === 'examples' && isDialogue(item) ? item : `- ${finish(item, language)}`,
            )
            .join('\n');
    return `## ${headings[section]}\n${body}`;
  }).join('\n\n');
}

/** A word (with the space before it) or one Chinese character or punctuation mark: the stream's grain. */
const TOKEN =
  /\s*(?:[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]|[^\s\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+)/g;
/** Tokens per chunk, in turn: uneven, like a model's output. */
const CHUNK_TOKENS = [2, 3, 1, 4, 2, 3];

/** The text in the small pieces a model streams (joined, they are the text exactly). */
export function chunksOf(text: string): string[] {
  const tokens = text.match(TOKEN) ?? [];
  const chunks: string[] = [];
  for (let i = 0, turn = 0; i < tokens.length; turn++) {
    const n = CHUNK_TOKENS[turn % CHUNK_TOKENS.length] ?? 1;
    chunks.push(tokens.slice(i, i + n).join(''));
    i += n;
  }
  const rest = text.slice(chunks.join('').length);
  if (rest) chunks.push(rest);
  return chunks;
}

const isNode = () =>
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';

/**
 * Pauses of a model answering: a moment before the first piece, then a few dozen ms per piece. In Node (tests,
 * the Pact verification) there is none, so no test waits on the mock.
 */
export const STREAM_FIRST_DELAY_MS = 500;
const PIECE_DELAYS_MS = [35, 60, 45, 80, 40, 55, 70];
// In Node, a turn of the event loop (not a timer, which a test's fake clock may hold): the pieces still
// travel one by one, and a failure half-way comes after the first half has gone out.
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const pause = (ms: number) => (isNode() ? nextTurn() : delay(ms));

interface Optimization {
  id: string;
  ownerId: string;
  prompt: string;
  language: OptimizeLanguage;
}

// Kept beside the current db: resetDb swaps its collections, which drops these with them.
const stores = new WeakMap<object, Map<string, Optimization>>();
function optimizations(): Map<string, Optimization> {
  const key = db.users;
  let store = stores.get(key);
  if (!store) {
    store = new Map();
    stores.set(key, store);
  }
  return store;
}

/** For tests and provider states: an optimisation of `prompt` requested by the user, under a known id. */
export function givenPromptOptimization(
  ownerId: string,
  { id = newId('opt'), prompt, language }: { id?: string; prompt: string; language?: OptimizeLanguage },
): Optimization {
  const record = { id, ownerId, prompt, language: language ?? promptLanguage(prompt) };
  optimizations().set(id, record);
  return record;
}

const encoder = new TextEncoder();
const line = (field: 'data' | 'error', payload: unknown) =>
  encoder.encode(`${field}: ${JSON.stringify(payload)}\n\n`);

function streamOf(optimization: Optimization): ReadableStream<Uint8Array> {
  const chunks = chunksOf(improvePrompt(optimization.prompt, optimization.language));
  const { prompt } = optimization;
  const half = Math.floor(chunks.length / 2);
  let cancelled = false;
  return new ReadableStream({
    async start(controller) {
      await pause(STREAM_FIRST_DELAY_MS);
      for (const [i, text] of chunks.entries()) {
        if (cancelled) return;
        if (i === half && prompt.includes(OPTIMIZE_FAILURES.errorLine)) {
          controller.enqueue(line('error', { message: OPTIMIZE_STREAM_ERROR }));
          controller.close();
          return;
        }
        if (i === half && prompt.includes(OPTIMIZE_FAILURES.dropped)) {
          controller.error(new TypeError('The connection was reset'));
          return;
        }
        const event: OptimizationStreamEvent = { type: 'delta', text };
        controller.enqueue(line('data', event));
        await pause(PIECE_DELAYS_MS[i % PIECE_DELAYS_MS.length] ?? 50);
      }
      if (cancelled) return;
      controller.enqueue(line('data', { type: 'done' } satisfies OptimizationStreamEvent));
      controller.close();
    },
    cancel() {
      // The caller stopped reading (Stop, or left the screen): the model stops writing.
      cancelled = true;
    },
  });
}

export const promptOptimizationHandlers = [
  authedRoute('post', '/chatbots/prompt-optimizations', async ({ request, user }) => {
    const body = await readBody(request, PromptOptimizationBodySchema);
    const { id } = givenPromptOptimization(user.id, body);
    return HttpResponse.json({ id }, { status: 201 });
  }),

  authedRoute('get', '/chatbots/prompt-optimizations/:id/stream', ({ params, user }) => {
    const optimization = optimizations().get(params.id ?? '');
    // Another user's optimisation is as unknown as a missing one.
    if (!optimization || optimization.ownerId !== user.id) throw fail.notFound('Prompt optimization');
    if (optimization.prompt.includes(OPTIMIZE_FAILURES.httpError)) {
      return errorResponse(500, 'The AI service failed');
    }
    return new HttpResponse(streamOf(optimization), {
      headers: {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
      },
    });
  }),
];
