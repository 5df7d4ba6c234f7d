// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { TEMPLATES as EN } from '../src/views/botSettings/templates/en';
import { TEMPLATES as ZH_CN } from '../src/views/botSettings/templates/zh-CN';
import { TEMPLATES as ZH_TW } from '../src/views/botSettings/templates/zh-TW';
import { resetDb } from './db';
import { type GivenUser, givenUser } from './fixtures';
import {
  chunksOf,
  improvePrompt,
  OPTIMIZE_FAILURES,
  OPTIMIZE_STREAM_ERROR,
  promptLanguage,
  SECTION_HEADINGS,
  SECTIONS,
} from './handlers/promptOptimization';
import { DEMO_BOTS } from './seed';
import { BASE, call, withMockServer } from './testing';

withMockServer();

let u: GivenUser;
beforeEach(async () => {
  u = await givenUser({ email: 'optimise@b.test', planName: 'Starter' });
});

const start = (prompt: string, token = u.token) =>
  call<{ id: string }>('POST', '/chatbots/prompt-optimizations', { token, body: { prompt } });

interface Read {
  status: number;
  contentType: string | null;
  /** Each `field: payload` line, payloads parsed. */
  lines: Array<{ field: string; payload: unknown }>;
}

/** The stream read to its end (or its break), line by line, as the client's helper would. */
async function read(id: string, token = u.token): Promise<Read> {
  const response = await fetch(`${BASE}/chatbots/prompt-optimizations/${id}/stream`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
  });
  const status = response.status;
  const contentType = response.headers.get('content-type');
  if (!response.ok) return { status, contentType, lines: [] };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body that breaks off (a browser's view of a dropped connection) ends the reading like its end.
  }
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, field = '', json = ''] = /^(\w+): (.*)$/.exec(line) ?? [];
      return { field, payload: JSON.parse(json) };
    });
  return { status, contentType, lines };
}

const textOf = (r: Read) =>
  r.lines
    .filter((l) => l.field === 'data' && (l.payload as { type: string }).type === 'delta')
    .map((l) => (l.payload as { text: string }).text)
    .join('');

async function optimise(prompt: string) {
  const created = await start(prompt);
  expect(created.status).toBe(201);
  return read(created.body.id);
}

/** The section headings of a text, in order. */
const headingsOf = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);

describe('prompt optimisation', () => {
  it('streams the improved prompt in small pieces, then done, as server-sent events', async () => {
    const prompt = DEMO_BOTS.ava.prompt;
    const r = await optimise(prompt);
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^text\/event-stream/);
    const deltas = r.lines.slice(0, -1);
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.every((l) => l.field === 'data')).toBe(true);
    expect(deltas.every((l) => (l.payload as { text: string }).text.length <= 60)).toBe(true);
    expect(r.lines.at(-1)).toEqual({ field: 'data', payload: { type: 'done' } });
    expect(textOf(r)).toBe(improvePrompt(prompt));
  });

  it('organises the prompt into the six sections, keeping every line the user wrote', async () => {
    const text = textOf(await optimise(DEMO_BOTS.ava.prompt));
    expect(headingsOf(text)).toEqual([
      'Role',
      'Core responsibilities',
      'Guidelines',
      'Prohibited behaviours',
      'Brand tone',
      'Example responses',
    ]);
    const section = (name: string) => text.split(`## ${name}\n`)[1]?.split('\n\n')[0] ?? '';
    expect(section('Role')).toBe('You are Ava, the customer service assistant of Brightside Home Goods.');
    expect(section('Core responsibilities')).toContain('- Answer questions about orders, shipping');
    expect(section('Guidelines')).toContain('- Escalate billing disputes over $100 to a human agent.');
    expect(section('Prohibited behaviours')).toContain('- Never ask for full card numbers or passwords.');
    expect(section('Brand tone')).toContain('Warm, practical and reassuring.');
    expect(section('Example responses')).toContain('"Thanks for reaching out!');
  });

  it('fills the sections a short prompt leaves empty and keeps [Company Name]', () => {
    const text = improvePrompt('You are the booking assistant of [Company Name]. Never share guest details.');
    expect(headingsOf(text)).toHaveLength(6);
    expect(text).toMatch(/^## Role\nYou are the booking assistant of \[Company Name\]\.\n/);
    expect(text).toContain('## Prohibited behaviours\n- Never share guest details.\n\n');
    // Sections the prompt said nothing about get a sensible line.
    expect(text).toContain('## Example responses\nCustomer: "');
  });

  it('keeps a template as written, under the same sections', () => {
    const text = improvePrompt(EN.customerService);
    expect(text).toContain('You are the customer service assistant of [Company Name].');
    for (const bullet of EN.customerService.split('\n').filter((l) => l.startsWith('- ')))
      expect(text).toContain(bullet);
    expect(text).toContain('Customer: "My parcel still hasn\'t arrived."');
  });

  it('writes Chinese headings for a Chinese prompt, Traditional for Traditional', async () => {
    expect(promptLanguage(ZH_CN.customerService)).toBe('zh-CN');
    expect(promptLanguage(ZH_TW.customerService)).toBe('zh-TW');
    expect(promptLanguage(EN.customerService)).toBe('en');
    const simplified = textOf(await optimise(ZH_CN.customerService));
    expect(headingsOf(simplified)).toEqual(SECTIONS.map((s) => SECTION_HEADINGS['zh-CN'][s]));
    expect(simplified).toMatch(/^## 角色\n你是 \[Company Name\] 的客服助理。/);
    expect(simplified).toContain('- 不得编造订单信息、价格、政策或送达日期。');
    const traditional = improvePrompt(ZH_TW.customerService);
    expect(headingsOf(traditional)).toEqual(SECTIONS.map((s) => SECTION_HEADINGS['zh-TW'][s]));
    // A short Chinese prompt gets Chinese suggestions for what it left out.
    expect(improvePrompt('你是 [Company Name] 的前台助理。')).toContain('## 回复示例\n客户：');
  });

  it('honours a language asked for', async () => {
    const created = await call<{ id: string }>('POST', '/chatbots/prompt-optimizations', {
      token: u.token,
      body: { prompt: 'You are a helpful assistant.', language: 'zh-TW' },
    });
    expect(headingsOf(textOf(await read(created.body.id)))[0]).toBe('角色');
  });

  it('cuts the text into pieces that join into it exactly, Chinese included', () => {
    for (const text of [improvePrompt(EN.legal), improvePrompt(ZH_CN.legal), '  a  b \n\n', '']) {
      expect(chunksOf(text).join('')).toBe(text);
    }
    expect(Math.max(...chunksOf(improvePrompt(ZH_CN.legal)).map((c) => c.length))).toBeLessThan(20);
  });

  it('needs a signed-in user and a prompt, and refuses another user the stream', async () => {
    expect((await start('Hello', 'nobody')).status).toBe(401);
    const blank = await start('  ');
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const created = await start('You are a helpful assistant.');
    const other = await givenUser({ email: 'other@b.test' });
    expect((await read(created.body.id, other.token)).status).toBe(404);
    expect((await read('opt-missing')).status).toBe(404);
    expect((await call('GET', `/chatbots/prompt-optimizations/${created.body.id}/stream`)).status).toBe(401);
  });

  it('forgets optimisations with the rest of the data', async () => {
    const created = await start('You are a helpful assistant.');
    resetDb();
    const again = await givenUser({ id: u.id, email: 'optimise@b.test', token: u.token });
    expect((await read(created.body.id, again.token)).status).toBe(404);
  });
});

describe('prompt optimisation failures, asked for in the prompt', () => {
  it(`${OPTIMIZE_FAILURES.errorLine}: half the text, then an error line`, async () => {
    const prompt = `You are a helpful assistant. ${OPTIMIZE_FAILURES.errorLine}`;
    const r = await optimise(prompt);
    expect(r.status).toBe(200);
    expect(r.lines.at(-1)).toEqual({ field: 'error', payload: { message: OPTIMIZE_STREAM_ERROR } });
    expect(r.lines.some((l) => (l.payload as { type?: string }).type === 'done')).toBe(false);
    const full = improvePrompt(prompt);
    expect(full.startsWith(textOf(r))).toBe(true);
    expect(textOf(r).length).toBeGreaterThan(0);
    expect(textOf(r).length).toBeLessThan(full.length);
  });

  it(`${OPTIMIZE_FAILURES.httpError}: the stream answers 500`, async () => {
    const r = await optimise(`Be kind. ${OPTIMIZE_FAILURES.httpError}`);
    expect(r.status).toBe(500);
  });

  it(`${OPTIMIZE_FAILURES.dropped}: half the text, then the connection breaks off`, async () => {
    const prompt = `You are a helpful assistant. ${OPTIMIZE_FAILURES.dropped}`;
    const r = await optimise(prompt);
    expect(r.status).toBe(200);
    // A browser sees the body break; msw in Node ends it early instead. Either way: no done, no error line.
    expect(textOf(r).length).toBeGreaterThan(0);
    expect(textOf(r).length).toBeLessThan(improvePrompt(prompt).length);
    expect(improvePrompt(prompt).startsWith(textOf(r))).toBe(true);
    expect(r.lines.some((l) => l.field === 'error' || (l.payload as { type?: string }).type === 'done')).toBe(
      false,
    );
  });
});
