import { HttpResponse } from 'msw';
import {
  type Chatbot,
  type ChatbotBody,
  ChatbotBodySchema,
  type KnowledgeBaseFile,
  type PromptVersion,
} from '../../src/api/schemas/chatbots';
import type { Ok } from '../../src/api/schemas/common';
import type { Count } from '../../src/api/schemas/dashboard';
import { isoNow } from '../clock';
import { type ChatbotRecord, db, type UserRecord } from '../db';
import { givenChatbot, givenPromptVersion } from '../fixtures';
import { isUnlimited, logActivity, MAX_CHATBOTS, planOf } from '../rules';
import { authedRoute, fail, owned, readBody, withoutOwner } from './common';

/**
 * The header the client's createChatbot sends (USER_ID_HEADER of src/api/chatbots.ts; not imported, so the
 * mock does not load the HTTP client module; demo.test.ts creates a chatbot through the client to pin it).
 */
const USER_ID_HEADER = 'x-user-id';

export function toChatbot(record: ChatbotRecord): Chatbot {
  const { createdAt: _createdAt, ...bot } = withoutOwner(record);
  return bot;
}

const botsOf = (userId: string) =>
  db.chatbots
    .findMany((q) => q.where((b) => b.ownerId === userId))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

export const ownBot = (id: string, user: UserRecord) =>
  owned(
    db.chatbots.findFirst((q) => q.where((b) => b.id === id)),
    user,
    'Chatbot',
  );

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The checks a save shares between create and update; answers the resolved knowledge files. */
function checkSave(user: UserRecord, body: ChatbotBody, selfId: string | null): KnowledgeBaseFile[] {
  if (botsOf(user.id).some((b) => b.id !== selfId && sameName(b.name, body.name))) {
    throw fail.duplicate(`A chatbot named "${body.name.trim()}" already exists`);
  }
  const files = body.knowledgeBaseIds.map((fileId, i) => {
    const file = db.knowledgeFiles.findFirst((q) => q.where((f) => f.knowledgeFileId === fileId));
    if (!file || file.ownerId !== user.id)
      throw fail.validation(`knowledgeBaseIds.${i}: unknown file ${fileId}`);
    return {
      fileIdOnPlatform: file.knowledgeFileId,
      fileUrl: file.url,
      name: file.name,
      fileSize: file.size,
    };
  });
  const { knowledgeBaseFileLimit } = planOf(user.id);
  if (!isUnlimited(knowledgeBaseFileLimit) && files.length > knowledgeBaseFileLimit) {
    throw fail.limit(
      'knowledgeBaseFileLimit',
      knowledgeBaseFileLimit,
      `Your plan allows ${knowledgeBaseFileLimit} knowledge files per chatbot`,
    );
  }
  return files;
}

function fieldsOf(body: ChatbotBody, files: KnowledgeBaseFile[]) {
  const { knowledgeBaseIds: _ids, ...fields } = body;
  return { ...fields, name: body.name.trim(), KnowledgeBaseFile: files, updatedAt: isoNow() };
}

const fileIds = (files: KnowledgeBaseFile[]) =>
  files
    .map((f) => f.fileIdOnPlatform)
    .sort()
    .join('\n');

async function logSave(user: UserRecord, bot: ChatbotRecord, filesChanged: boolean) {
  await logActivity(user.id, 'agent_updated', `Agent settings updated: ${bot.name}`);
  if (filesChanged) {
    await logActivity(user.id, 'knowledge_updated', `Knowledge base updated: ${bot.name}`);
  }
}

export const chatbotHandlers = [
  authedRoute('post', '/chatbots', async ({ request, user }) => {
    if (request.headers.get(USER_ID_HEADER) !== user.id) {
      throw fail.forbidden(`The ${USER_ID_HEADER} header must be the signed-in user's id`);
    }
    const body = await readBody(request, ChatbotBodySchema);
    const { chatbotLimit } = planOf(user.id);
    const max = isUnlimited(chatbotLimit) ? MAX_CHATBOTS : Math.min(chatbotLimit, MAX_CHATBOTS);
    if (botsOf(user.id).length >= max) {
      throw fail.limit('chatbotLimit', max, `Your plan allows ${max} chatbot${max === 1 ? '' : 's'}`);
    }
    const files = checkSave(user, body, null);
    const bot = await givenChatbot(user.id, fieldsOf(body, files));
    await logSave(user, bot, files.length > 0);
    return HttpResponse.json(toChatbot(bot));
  }),

  authedRoute('get', '/chatbots', ({ user }) => HttpResponse.json(botsOf(user.id).map(toChatbot))),

  authedRoute('get', '/chatbots/count/active', ({ user }) =>
    HttpResponse.json<Count>({ count: botsOf(user.id).filter((b) => b.isActive).length }),
  ),

  authedRoute('get', '/chatbots/user/:userId', ({ params, user }) => {
    if (params.userId !== user.id) throw fail.forbidden("You cannot list another user's chatbots");
    return HttpResponse.json(botsOf(user.id).map(toChatbot));
  }),

  authedRoute('get', '/chatbots/user/:userId/active', ({ params, user }) => {
    if (params.userId !== user.id) throw fail.forbidden("You cannot list another user's chatbots");
    return HttpResponse.json(
      botsOf(user.id)
        .filter((b) => b.isActive)
        .map(toChatbot),
    );
  }),

  authedRoute('get', '/chatbots/:id', ({ params, user }) =>
    HttpResponse.json(toChatbot(ownBot(params.id ?? '', user))),
  ),

  authedRoute('get', '/chatbots/:id/knowledge-base', ({ params, user }) =>
    HttpResponse.json(ownBot(params.id ?? '', user).KnowledgeBaseFile),
  ),

  authedRoute('get', '/chatbots/:id/prompt-versions', ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const versions = db.promptVersions
      .findMany((q) => q.where((v) => v.chatbotId === bot.id))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(({ ownerId: _o, chatbotId: _c, ...version }) => version);
    return HttpResponse.json<PromptVersion[]>(versions);
  }),

  authedRoute('patch', '/chatbots/:id', async ({ request, params, user }) => {
    const record = ownBot(params.id ?? '', user);
    const body = await readBody(request, ChatbotBodySchema);
    const files = checkSave(user, body, record.id);
    const fields = fieldsOf(body, files);
    const updated = await db.chatbots.update(record, {
      data(b) {
        Object.assign(b, fields);
      },
    });
    const bot = updated ?? record;
    await givenPromptVersion(user.id, { chatbotId: bot.id, prompt: bot.prompt });
    await logSave(user, bot, fileIds(files) !== fileIds(record.KnowledgeBaseFile));
    return HttpResponse.json(toChatbot(bot));
  }),

  authedRoute('delete', '/chatbots/:id', async ({ params, user }) => {
    const record = ownBot(params.id ?? '', user);
    db.chatbots.delete(record);
    db.testThreads.deleteMany((q) => q.where((t) => t.chatbotId === record.id));
    db.promptVersions.deleteMany((q) => q.where((v) => v.chatbotId === record.id));
    // Instances keep running without a bot rather than pointing at a deleted one.
    await db.instances.updateMany((q) => q.where((i) => i.chatbotId === record.id), {
      data(i) {
        i.chatbotId = null;
      },
    });
    return HttpResponse.json<Ok>({ success: true });
  }),
];
