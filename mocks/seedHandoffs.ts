import type { HandoffReason } from '../src/api/schemas/handling';
import { DAY, MINUTE } from './clock';
import { type ChatSessionRecord, createAll, type HandoffRecord } from './db';
import { startOfDay } from './periods';

/**
 * The demo owner's hand-offs to a person, by day (0 today, 1 yesterday), each answered by a person after
 * `replyAfter` (the demo has no conversation waiting for one). Today's took 2, 4 and 9 minutes: the dashboard
 * shows 3 hand-offs, 25 % fewer than yesterday's 4, and a median first reply of 4 minutes.
 */
const DEMO_HANDOFFS: ReadonlyArray<{ daysAgo: 0 | 1; reason: HandoffReason; replyAfter: number }> = [
  { daysAgo: 0, reason: 'askedForPerson', replyAfter: 4 * MINUTE },
  { daysAgo: 0, reason: 'takenOver', replyAfter: 2 * MINUTE },
  { daysAgo: 0, reason: 'negativeMood', replyAfter: 9 * MINUTE },
  { daysAgo: 1, reason: 'askedForPerson', replyAfter: 3 * MINUTE },
  { daysAgo: 1, reason: 'outsideHours', replyAfter: 95 * MINUTE },
  { daysAgo: 1, reason: 'noAnswer', replyAfter: 6 * MINUTE },
  // A reply from the phone is the hand-off and the first reply at once.
  { daysAgo: 1, reason: 'phoneReply', replyAfter: 0 },
];

/** A minute into the conversation: the customer has written and the bot has answered. */
const HANDED_AFTER = MINUTE;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes the demo's hand-offs, each into the next conversation of its day (earliest first). Fixed ids, so the
 * seed's other ids stay as they were. Just after midnight today has few conversations, or none: a hand-off that
 * finds none whose reply has already come is left out.
 */
export async function seedHandoffs(ownerId: string, sessions: ChatSessionRecord[], t: number): Promise<void> {
  const today = startOfDay(t);
  const days = [
    [today, t],
    [startOfDay(today - DAY / 2), today],
  ] as const;
  const queues = days.map(([from, until]) =>
    sessions
      .filter((s) => s.fromNumber.endsWith('@c.us'))
      .map((s) => ({ sessionId: s.id, at: Date.parse(s.createdAt) + HANDED_AFTER }))
      .filter(({ at }) => at >= from && at < until)
      .sort((a, b) => a.at - b.at),
  );
  const records = DEMO_HANDOFFS.flatMap(({ daysAgo, reason, replyAfter }, i): HandoffRecord[] => {
    const queue = queues[daysAgo] ?? [];
    const next = queue.findIndex(({ at }) => at + replyAfter <= t);
    const [taken] = next === -1 ? [] : queue.splice(next, 1);
    if (!taken) return [];
    const { sessionId, at } = taken;
    return [
      {
        id: `handoff-demo-${i + 1}`,
        ownerId,
        sessionId,
        reason,
        at: iso(at),
        firstReplyAt: iso(at + replyAfter),
      },
    ];
  });
  await createAll('handoffs', records);
}
