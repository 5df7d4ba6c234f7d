import { HttpResponse } from 'msw';
import type { Ok } from '../../src/api/schemas/common';
import { QaEntryBodySchema } from '../../src/api/schemas/knowledgeQa';
import { db, notifyDbChanged, type UserRecord } from '../db';
import { toGroup, unansweredOf } from '../unanswered';
import { ownBot } from './chatbots';
import { authedRoute, owned, readBody } from './common';
import { givenQaEntry, qaLimitRefusal } from './knowledgeQa';

/*
 * The questions a bot could not answer (issue 33; see src/api/schemas/unanswered.ts and mocks/unanswered.ts).
 * Answering a group adds a Q&A entry as POST /chatbots/{id}/qa does (its limit and 409 apply), so the bot
 * answers the question from then on, and clears the group; dismissing clears it without one.
 */

const ownGroup = (botId: string, id: string, user: UserRecord) =>
  owned(
    db.unanswered.findFirst((q) => q.where((g) => g.id === id && g.chatbotId === botId)),
    user,
    'Unanswered question',
  );

async function clear(group: Parameters<typeof db.unanswered.delete>[0]) {
  await db.unanswered.delete(group);
  notifyDbChanged();
}

export const unansweredHandlers = [
  authedRoute('get', '/chatbots/:id/unanswered', ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const groups = unansweredOf(bot.id).map(toGroup);
    return HttpResponse.json({ groups, open: groups.length });
  }),

  authedRoute('post', '/chatbots/:id/unanswered/:groupId/answer', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const group = ownGroup(bot.id, params.groupId ?? '', user);
    const body = await readBody(request, QaEntryBodySchema);
    const refused = qaLimitRefusal(bot.id);
    if (refused) return refused;
    const entry = await givenQaEntry(user.id, bot.id, body);
    await clear(group);
    return HttpResponse.json(entry, { status: 201 });
  }),

  authedRoute('post', '/chatbots/:id/unanswered/:groupId/dismiss', async ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    await clear(ownGroup(bot.id, params.groupId ?? '', user));
    return HttpResponse.json({ success: true } satisfies Ok);
  }),
];
