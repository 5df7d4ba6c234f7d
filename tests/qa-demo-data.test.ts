import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeConversation } from '../mocks/conversations';
import { db } from '../mocks/db';
import { messagesOfSession } from '../mocks/handlers/chatSessions';
import { DEMO_BOTS, DEMO_LINE, DEMO_OWNER, FEATURED_CONVERSATIONS, seedDemo } from '../mocks/seed';
import { NEWSLETTER_MARKER, PLACEHOLDER_NUMBER } from '../src/api/schemas/chatSessions';
import { isActivityType } from '../src/api/schemas/dashboard';
import { botEditorModel, demoBots, UNKNOWN_BOT } from '../src/demo/qa/flowModels/botEditor.flowModel';
import {
  demoMessages,
  demoSessions,
  sampleReply,
  UNKNOWN_SESSION,
} from '../src/demo/qa/flowModels/chatHistory.flowModel';
import { conversationAnalysisModel } from '../src/demo/qa/flowModels/conversationAnalysis.flowModel';
import { waitingInstance } from '../src/demo/qa/flowModels/instanceConnection.flowModel';
import { instanceListModel, sampleChatbots } from '../src/demo/qa/flowModels/instances.flowModel';
import { sampleUser } from '../src/demo/qa/flowModels/login.flowModel';
import { planChangeModel } from '../src/demo/qa/flowModels/planChange.flowModel';
import { FLOW_MODELS } from '../src/demo/qa/models';
import type { FlowModel } from '../src/machines/model';

/**
 * A QA jump restores a flow with its model's data and then runs for real against the demo backend: the records
 * the models name must be the demo's, or the next call (load, save, poll, star) fails with "not found". The
 * models take the fixed records from mocks/seed.ts; what can still drift is checked here: that the seed writes
 * those records as exported (and the newest conversations are the featured ones), and that data the models
 * still write out (ids, activity, plans) is the demo's.
 */
beforeAll(async () => {
  await seedDemo();
});

/** Every value reachable from `value`, including oneOf(...)'s alternatives (kept under a symbol). */
function* walk(value: unknown, seen = new Set<unknown>()): Generator<unknown> {
  if (value === null || typeof value !== 'object' || seen.has(value)) {
    yield value;
    return;
  }
  seen.add(value);
  yield value;
  for (const key of Reflect.ownKeys(value)) yield* walk((value as Record<PropertyKey, unknown>)[key], seen);
}

/** What a model hands a flow: its inputs, its events and its invoked actors' answers. */
const modelData = (model: FlowModel) => [...walk([model.input, model.inputs, model.events, model.outputs])];
const allModelData = Object.values(FLOW_MODELS).flatMap(modelData);

/** The collections of the records a flow reaches by id, by the id's prefix. */
const OWNED = {
  bot: () => db.chatbots.all(),
  inst: () => db.instances.all(),
  sess: () => db.chatSessions.all(),
  msg: () => db.chatMessages.all(),
} as const;
const ID = /^(bot|inst|sess|msg)-[a-z0-9-]+$/;
/** Records a flow creates itself (the answer to its own create call), not the demo's. */
const created = new Set([
  (botEditorModel.outputs?.createBot as { id: string } | undefined)?.id,
  sampleReply.id,
]);
/** Addresses naming a record the user does not have, on purpose: the flows show "not found" for them. */
const unknownOnPurpose = new Set([UNKNOWN_BOT, UNKNOWN_SESSION]);

const withoutDates = <T extends object>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !/At$/.test(k)));

describe('the flow models use the seeded demo data', () => {
  it('signs in as the demo owner, with a session the demo backend knows', () => {
    const session = db.authSessions.findFirst((q) => q.where({ token: sampleUser.accessToken }));
    expect(session?.userId).toBe(DEMO_OWNER.id);
    expect(db.users.findFirst((q) => q.where({ id: sampleUser.id }))?.email).toBe(sampleUser.email);
  });

  it('names only chatbots, numbers, conversations and messages of the demo owner', () => {
    const named = new Set(
      allModelData.filter(
        (v): v is string =>
          typeof v === 'string' && ID.test(v) && !created.has(v) && !unknownOnPurpose.has(v),
      ),
    );
    // The sweep sees the records the models take from the seed.
    expect([...named]).toEqual(
      expect.arrayContaining([
        ...Object.values(DEMO_BOTS).map((b) => b.id),
        DEMO_LINE.id,
        ...Object.values(FEATURED_CONVERSATIONS).map((c) => c.id),
        ...demoMessages.map((m) => m.id),
      ]),
    );
    for (const id of named) {
      const prefix = id.slice(0, id.indexOf('-')) as keyof typeof OWNED;
      const record = OWNED[prefix]().find((r) => r.id === id);
      expect(record, id).toMatchObject({ ownerId: DEMO_OWNER.id });
    }
  });

  it('shows the chatbots and the number as the seed writes them', () => {
    for (const bot of demoBots) {
      const seeded = db.chatbots.findFirst((q) => q.where({ id: bot.id }));
      expect(seeded).toMatchObject(withoutDates(bot));
    }
    expect(sampleChatbots).toEqual(demoBots.map(({ id, name }) => ({ id, name })));
    const lines = [...((instanceListModel.outputs?.load ?? []) as object[]), waitingInstance];
    for (const line of lines) {
      const { qrCode, ...fields } = line as typeof waitingInstance;
      expect(db.instances.findFirst((q) => q.where({ id: fields.id }))).toMatchObject(withoutDates(fields));
    }
  });

  it('lists the demo’s newest conversations, in its order, with their messages and analysis', () => {
    const shown = (s: { fromNumber: string }) =>
      !s.fromNumber.includes(NEWSLETTER_MARKER) && s.fromNumber !== PLACEHOLDER_NUMBER;
    const listed = demoSessions.filter(shown);
    const newest = db.chatSessions
      .findMany((q) => q.where({ ownerId: DEMO_OWNER.id }))
      .filter(shown)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .slice(0, listed.length);
    expect(newest.map(({ id, fromNumber, isStarred }) => ({ id, fromNumber, isStarred }))).toEqual(
      listed.map(({ id, fromNumber, isStarred }) => ({ id, fromNumber, isStarred })),
    );
    // The messages the model loads for its first conversation, a minute apart or so as the demo's.
    const [first] = listed;
    const since = (start: string) => (m: { sentAt: string }) => Date.parse(m.sentAt) - Date.parse(start);
    const seeded = messagesOfSession(first?.id ?? '');
    expect(seeded.map(withoutDates)).toEqual(demoMessages.map(withoutDates));
    expect(seeded.map(since(newest[0]?.createdAt ?? ''))).toEqual(
      demoMessages.map(since(first?.createdAt ?? '')),
    );
    expect(conversationAnalysisModel.outputs?.analyzeSession).toEqual(analyzeConversation(seeded));
  });

  it('shows activity the demo writes and offers the demo’s plans', () => {
    const descriptions = db.activities.all().map((a) => a.description);
    const entries = allModelData.filter(
      (v): v is { description: string } =>
        typeof v === 'object' &&
        v !== null &&
        'description' in v &&
        isActivityType((v as { type?: unknown }).type),
    );
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(descriptions).toContain(entry.description);
    const plans = db.plans.all().map((p) => ({ id: p.id, name: p.name }));
    for (const event of planChangeModel.events) {
      const plan = event.plan as { id: string; name: string } | undefined;
      if (plan && plan.id !== 'plan-monthly') expect(plans).toContainEqual({ id: plan.id, name: plan.name });
    }
  });
});
