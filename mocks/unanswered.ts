import type { UnansweredGroup } from '../src/api/schemas/unanswered';
import { DAY, HOUR, isoNow } from './clock';
import { hasNoAnswer } from './conversations';
import { db, newId, notifyDbChanged, type Stored } from './db';
import { qaAnswerFor } from './handlers/knowledgeQa';
import { QA_MATCH_THRESHOLD, qaSimilarity } from './qaMatch';

/*
 * The questions a bot could not answer (issue 33), per bot: a customer message it met with its fallback (live
 * or in the test chat), or handed off for lack of an answer. A question joins the group it is most like (its
 * question or one of its examples at least QA_MATCH_THRESHOLD alike, as a Q&A entry matches); else it starts
 * one. Answering or dismissing a group deletes it.
 */

/** Other wordings a group keeps, the latest first. */
export const MAX_EXAMPLES = 3;

type GroupRecord = Stored<'unanswered'>;

export const toGroup = ({ id, question, examples, count, lastAskedAt }: GroupRecord): UnansweredGroup => ({
  id,
  question,
  examples: [...examples],
  count,
  lastAskedAt,
});

/** A bot's open groups, the most recently asked first. */
export const unansweredOf = (chatbotId: string) =>
  db.unanswered
    .findMany((q) => q.where((g) => g.chatbotId === chatbotId))
    .sort((a, b) => Date.parse(b.lastAskedAt) - Date.parse(a.lastAskedAt));

/** The same wording, but for case, punctuation and small words. */
const same = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase() || qaSimilarity(a, b) === 1;

/** The group `asked` belongs to, if one is alike enough; ties go to the most recent. */
function groupFor(chatbotId: string, asked: string): GroupRecord | undefined {
  let best: { group: GroupRecord; score: number } | undefined;
  for (const group of unansweredOf(chatbotId)) {
    const score = Math.max(...[group.question, ...group.examples].map((q) => qaSimilarity(asked, q)));
    if (score >= QA_MATCH_THRESHOLD && (!best || score > best.score)) best = { group, score };
  }
  return best?.group;
}

/** Records a question the bot could not answer: it joins its group, or starts one. */
export async function recordUnanswered(ownerId: string, chatbotId: string, asked: string, at = isoNow()) {
  const question = asked.trim();
  if (!question) return;
  const group = groupFor(chatbotId, question);
  if (group) {
    await db.unanswered.update(group, {
      data(g) {
        g.count += 1;
        g.lastAskedAt = at;
        const known = same(g.question, question) || g.examples.some((e) => same(e, question));
        if (!known) g.examples = [question, ...g.examples].slice(0, MAX_EXAMPLES);
      },
    });
  } else {
    await db.unanswered.create({
      id: newId('unanswered'),
      ownerId,
      chatbotId,
      question,
      examples: [],
      count: 1,
      lastAskedAt: at,
    });
  }
  notifyDbChanged();
}

/**
 * Records `asked` when the bot has no answer to it: neither a Q&A entry nor a topic it knows (its fallback).
 * For the test chat and live conversations alike.
 */
export async function noteIfUnanswered(ownerId: string, chatbotId: string, asked: string) {
  if (hasNoAnswer(asked) && !qaAnswerFor(chatbotId, asked)) await recordUnanswered(ownerId, chatbotId, asked);
}

/** The demo's open groups: what Ava's customers asked lately that she could not answer, in three languages. */
const DEMO_UNANSWERED = [
  {
    chatbotId: 'bot-ava',
    question: 'Do you sell gift cards?',
    examples: ['Can I buy a gift card?', 'Are gift cards for sale?'],
    count: 5,
    ago: 2 * HOUR,
  },
  {
    chatbotId: 'bot-ava',
    question: '週末有營業嗎？',
    examples: ['週末也有營業嗎？'],
    count: 3,
    ago: 7 * HOUR,
  },
  {
    chatbotId: 'bot-ava',
    question: '你们有实体店吗？',
    examples: ['请问有实体店吗？'],
    count: 2,
    ago: DAY + 3 * HOUR,
  },
  { chatbotId: 'bot-nova', question: 'Does it work with Alexa?', examples: [], count: 1, ago: 2 * DAY },
] as const;

/** For tests, provider states and the demo: an open group of a bot. */
export async function givenUnanswered(
  ownerId: string,
  chatbotId: string,
  group: Partial<Omit<UnansweredGroup, 'id'>> & { question: string },
  id = newId('unanswered'),
) {
  const record = await db.unanswered.create({
    id,
    ownerId,
    chatbotId,
    examples: [],
    count: 1,
    lastAskedAt: isoNow(),
    ...group,
  });
  notifyDbChanged();
  return toGroup(record);
}

/** Seeds the demo owner's open groups, dated before `t` (the mock clock's now). */
export async function seedUnanswered(ownerId: string, t: number) {
  for (const [i, { chatbotId, ago, examples, ...g }] of DEMO_UNANSWERED.entries()) {
    const lastAskedAt = new Date(t - ago).toISOString();
    await givenUnanswered(
      ownerId,
      chatbotId,
      { ...g, examples: [...examples], lastAskedAt },
      `unanswered-demo-${i + 1}`,
    );
  }
}
