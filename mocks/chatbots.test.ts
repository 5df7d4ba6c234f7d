// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ChatbotBody, ChatbotSchema } from '../src/api/schemas/chatbots';
import { type GivenUser, givenChatbot, givenInstance, givenKnowledgeFile, givenUser } from './fixtures';
import { resetUploadLink, uploadLink } from './handlers/upload';
import { call, chatbotBody, withMockServer } from './testing';

withMockServer();

let u: GivenUser;
const body = chatbotBody;

beforeEach(async () => {
  u = await givenUser({ email: 'u@b.test', planName: 'Pro' });
});

const create = (b: ChatbotBody) =>
  call('POST', '/chatbots', { token: u.token, body: b, headers: { 'x-user-id': u.id } });
const activity = async () =>
  (await call('GET', '/activity-log/list', { token: u.token })).body.map((a: { type: string }) => a.type);

describe('chatbots', () => {
  it('creates with knowledge files linked, and logs the save', async () => {
    await givenKnowledgeFile(u.id, { knowledgeFileId: 'kf-1', name: 'faq.pdf', size: 20_480 });
    const created = await create(body({ knowledgeBaseIds: ['kf-1'] }));
    expect(created.status).toBe(200);
    const bot = ChatbotSchema.parse(created.body);
    expect(bot).toMatchObject({ name: 'Support bot', temperature: '0.7', isActive: true, stop: null });
    expect(bot.KnowledgeBaseFile).toEqual([
      {
        fileIdOnPlatform: 'kf-1',
        name: 'faq.pdf',
        fileSize: 20_480,
        fileUrl: expect.stringMatching(/^https:/),
      },
    ]);
    expect((await call('GET', `/chatbots/${bot.id}/knowledge-base`, { token: u.token })).body).toEqual(
      bot.KnowledgeBaseFile,
    );
    expect(await activity()).toEqual(expect.arrayContaining(['agent_updated', 'knowledge_updated']));
    expect((await call('GET', '/chatbots/count/active', { token: u.token })).body).toEqual({ count: 1 });
  });

  it('refuses a file that is not the caller’s and an invalid body, naming the field', async () => {
    const other = await givenUser({ email: 'o@b.test' });
    await givenKnowledgeFile(other.id, { knowledgeFileId: 'kf-theirs' });
    const theirs = await create(body({ knowledgeBaseIds: ['kf-theirs'] }));
    expect(theirs).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/^knowledgeBaseIds\.0/) },
    });
    const hot = await create({ ...body(), temperature: '1.5' });
    expect(hot.body.message).toMatch(/^temperature: /);
  });

  it('answers 409 DUPLICATE_NAME for a name in use, on create and on rename', async () => {
    await givenChatbot(u.id, { id: 'bot-1', name: 'Support bot' });
    await givenChatbot(u.id, { id: 'bot-2', name: 'Sales bot' });
    const dup = await create(body({ name: ' support BOT ' }));
    expect(dup).toMatchObject({ status: 409, body: { statusCode: 409, code: 'DUPLICATE_NAME' } });
    const rename = await call('PATCH', '/chatbots/bot-1', {
      token: u.token,
      body: body({ name: 'Sales bot' }),
    });
    expect(rename.status).toBe(409);
    // Keeping its own name is fine.
    const keep = await call('PATCH', '/chatbots/bot-1', { token: u.token, body: body({ model: 'gpt-4.1' }) });
    expect(keep.body).toMatchObject({ id: 'bot-1', model: 'gpt-4.1' });
  });

  it('logs knowledge_updated only when the files change', async () => {
    await givenChatbot(u.id, { id: 'bot-1', name: 'Support bot' });
    await call('PATCH', '/chatbots/bot-1', { token: u.token, body: body() });
    expect(await activity()).toEqual(['agent_updated']);
    await givenKnowledgeFile(u.id, { knowledgeFileId: 'kf-1' });
    await call('PATCH', '/chatbots/bot-1', { token: u.token, body: body({ knowledgeBaseIds: ['kf-1'] }) });
    expect((await activity()).sort()).toEqual(['agent_updated', 'agent_updated', 'knowledge_updated']);
  });

  it('deletes, unlinking instances', async () => {
    await givenChatbot(u.id, { id: 'bot-1' });
    await givenInstance(u.id, { id: 'inst-1', chatbotId: 'bot-1', status: 1 });
    expect((await call('DELETE', '/chatbots/bot-1', { token: u.token })).body).toEqual({ success: true });
    expect((await call('GET', '/chatbots/bot-1', { token: u.token })).status).toBe(404);
    expect((await call('GET', '/whatsapp/inst-1', { token: u.token })).body.chatbotId).toBeNull();
  });

  it('test chat replies in the persona of the prompt and keeps a thread', async () => {
    await givenChatbot(u.id, { id: 'bot-1', prompt: body().prompt });
    const first = await call('POST', '/chatbots/test/bot-1', {
      token: u.token,
      body: { message: 'Do you ship abroad?' },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/customer service assistant of Acme Outdoor/);
    expect(first.body.message).toMatch(/40 countries/);
    const threadId = first.body.threadId;
    const second = await call('POST', '/chatbots/test/bot-1', {
      token: u.token,
      body: { message: 'And the price?', threadId },
    });
    expect(second.body.threadId).toBe(threadId);
    expect(second.body.message).toMatch(/Message 2 in this chat; you first asked: "Do you ship abroad\?"/);
    const fresh = await call('POST', '/chatbots/test/bot-1', { token: u.token, body: { message: 'Hello' } });
    expect(fresh.body.threadId).not.toBe(threadId);
    const empty = await call('POST', '/chatbots/test/bot-1', { token: u.token, body: { message: '  ' } });
    expect(empty.status).toBe(400);
  });

  it('uploads PDF, DOC, DOCX and TXT files only', async () => {
    const upload = (name: string) => {
      const form = new FormData();
      form.append('file', new File(['hello world'], name, { type: 'application/octet-stream' }));
      return call('POST', '/upload/file-to-knowledge', { token: u.token, body: form });
    };
    const ok = await upload('Price list.DOCX');
    expect(ok.body).toEqual({
      name: 'Price list.DOCX',
      size: 11,
      date: expect.any(String),
      knowledgeFileId: expect.any(String),
      url: expect.stringMatching(/^https:\/\//),
    });
    // The uploaded file can be linked right away.
    expect((await create(body({ knowledgeBaseIds: [ok.body.knowledgeFileId] }))).status).toBe(200);
    const bad = await upload('sheet.xlsx');
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(bad.body.message).toContain('sheet.xlsx');
    const none = await call('POST', '/upload/file-to-knowledge', { token: u.token, body: new FormData() });
    expect(none.status).toBe(400);
  });

  it('refuses empty files and files over 20 MB, saying which and why', async () => {
    // About sizes, not time: the 20 MB file arrives at once instead of at the uplink's rate.
    uploadLink.bytesPerSecond = Number.POSITIVE_INFINITY;
    const upload = (name: string, bytes: number) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
      return call('POST', '/upload/file-to-knowledge', { token: u.token, body: form });
    };
    expect(await upload('blank.pdf', 0)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'file: blank.pdf is empty' },
    });
    expect(await upload('manual.pdf', 20 * 1024 * 1024 + 1)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'file: manual.pdf is larger than 20 MB' },
    });
    expect((await upload('manual.pdf', 20 * 1024 * 1024)).status).toBe(200);
  });
});

afterEach(() => resetUploadLink());
