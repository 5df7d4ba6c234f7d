import { HttpResponse } from 'msw';
import type { Ok } from '../../src/api/schemas/common';
import type { HandoffLanguage } from '../../src/api/schemas/handoff';
import { type QaEntry, type QaEntryBody, QaEntryBodySchema } from '../../src/api/schemas/knowledgeQa';
import { isoNow } from '../clock';
import { db, newId, notifyDbChanged, type UserRecord } from '../db';
import { customerLanguage } from '../handoffRules';
import { bestQaMatch } from '../qaMatch';
import { ownBot } from './chatbots';
import { authedRoute, errorResponse, owned, readBody } from './common';

/*
 * A bot's question-and-answer knowledge (issue 33), oldest first; see src/api/schemas/knowledgeQa.ts.
 * `?search=` keeps the entries whose question or answer contains the text (any case). At QA_LIMIT entries a
 * new one is refused with 409 QA_LIMIT_REACHED and the limit, in the spec's error shape.
 */

export const QA_LIMIT = 50;

const toEntry = ({ id, question, answer, updatedAt }: QaEntry): QaEntry => ({
  id,
  question,
  answer,
  updatedAt,
});

export const qaEntriesOf = (chatbotId: string) =>
  db.qaEntries
    .findMany((q) => q.where((e) => e.chatbotId === chatbotId))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));

const ownEntry = (botId: string, id: string, user: UserRecord) =>
  owned(
    db.qaEntries.findFirst((q) => q.where((e) => e.id === id && e.chatbotId === botId)),
    user,
    'Q&A entry',
  );

/** For tests, provider states and the demo: an entry of a bot. */
export async function givenQaEntry(ownerId: string, chatbotId: string, body: QaEntryBody, id = newId('qa')) {
  const at = isoNow();
  const record = await db.qaEntries.create({ id, ownerId, chatbotId, ...body, createdAt: at, updatedAt: at });
  notifyDbChanged();
  return toEntry(record);
}

/** The 409 a new entry gets at the limit (null: there is room), for every call that adds one. */
export function qaLimitRefusal(chatbotId: string): Response | null {
  if (qaEntriesOf(chatbotId).length < QA_LIMIT) return null;
  return errorResponse(409, `A bot keeps at most ${QA_LIMIT} questions and answers`, {
    code: 'QA_LIMIT_REACHED',
    limit: { name: 'qaEntryLimit', max: QA_LIMIT },
  });
}

/** The entry the bot answers `asked` with, if one is alike enough (mocks/qaMatch.ts). */
export const qaAnswerFor = (chatbotId: string, asked: string) => bestQaMatch(asked, qaEntriesOf(chatbotId));

/** Where an answer came from, in the customer's language. */
export function qaSource(question: string, language: HandoffLanguage): string {
  if (language === 'zh-CN') return `（来源：问答“${question}”）`;
  if (language === 'zh-TW') return `（來源：問答「${question}」）`;
  return `(Source: Q&A “${question}”)`;
}

/** The bot's reply from its Q&A knowledge, naming the entry; null when no entry is alike enough. */
export function qaReply(chatbotId: string, asked: string): string | null {
  const match = qaAnswerFor(chatbotId, asked);
  if (!match) return null;
  return `${match.entry.answer}\n\n${qaSource(match.entry.question, customerLanguage(asked))}`;
}

export const knowledgeQaHandlers = [
  authedRoute('get', '/chatbots/:id/qa', ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const search = (new URL(request.url).searchParams.get('search') ?? '').trim().toLowerCase();
    const entries = qaEntriesOf(bot.id).filter(
      (e) => !search || e.question.toLowerCase().includes(search) || e.answer.toLowerCase().includes(search),
    );
    return HttpResponse.json({ entries: entries.map(toEntry), limit: QA_LIMIT });
  }),

  authedRoute('post', '/chatbots/:id/qa', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const body = await readBody(request, QaEntryBodySchema);
    return (
      qaLimitRefusal(bot.id) ?? HttpResponse.json(await givenQaEntry(user.id, bot.id, body), { status: 201 })
    );
  }),

  authedRoute('put', '/chatbots/:id/qa/:entryId', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const record = ownEntry(bot.id, params.entryId ?? '', user);
    const body = await readBody(request, QaEntryBodySchema);
    const updated = await db.qaEntries.update(record, {
      data(e) {
        e.question = body.question;
        e.answer = body.answer;
        e.updatedAt = isoNow();
      },
    });
    notifyDbChanged();
    return HttpResponse.json(toEntry(updated ?? record));
  }),

  authedRoute('delete', '/chatbots/:id/qa/:entryId', async ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    await db.qaEntries.delete(ownEntry(bot.id, params.entryId ?? '', user));
    notifyDbChanged();
    return HttpResponse.json({ success: true } satisfies Ok);
  }),
];
