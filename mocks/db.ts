import { Collection } from '@msw/data';
import * as z from 'zod/mini';
import { BillingDetailsBodySchema } from '../src/api/schemas/billingDetails';
import { ChatbotSchema, PromptVersionSchema } from '../src/api/schemas/chatbots';
import { ChatMessageSchema, ChatSessionSchema } from '../src/api/schemas/chatSessions';
import { DateTimeSchema, IdSchema } from '../src/api/schemas/common';
import { ActivityLogEntrySchema, ActivityTypeSchema } from '../src/api/schemas/dashboard';
import { HandoffSettingsBodySchema } from '../src/api/schemas/handoff';
import { InstanceSchema } from '../src/api/schemas/instances';
import { CrawlStatusSchema, SyncScheduleSchema } from '../src/api/schemas/knowledgeSources';
import { MembershipPlanSchema } from '../src/api/schemas/membership';
import { ScheduleTypeSchema } from '../src/api/schemas/payments';
import { UploadedFileSchema } from '../src/api/schemas/upload';

/*
 * Records are the client's schemas plus what only the server knows (owner, counters, secrets), so a field
 * the client expects cannot go missing from the mock without tsc or a failing create noticing.
 */
const Owned = { ownerId: IdSchema };

export const UserSchema = z.object({
  id: IdSchema,
  email: z.email(),
  isAdmin: z.boolean(),
  createdAt: DateTimeSchema,
});
export const AuthSessionSchema = z.object({
  token: z.string().check(z.minLength(1)),
  userId: IdSchema,
  createdAt: DateTimeSchema,
});
export const LoginCodeSchema = z.object({
  email: z.email(),
  code: z.string().check(z.regex(/^\d{6}$/)),
  /** Epoch ms of the mock clock. */
  expiresAt: z.number(),
  attempts: z.int().check(z.nonnegative()),
  /** Epoch ms of the mock clock: the next code to the address waits a minute from here. */
  sentAt: z.number(),
});
/** A wrong code entered for an address (kept an hour: enough of them pause sign-in for it). */
export const LoginFailureSchema = z.object({
  email: z.email(),
  /** Epoch ms of the mock clock. */
  failedAt: z.number(),
});
export const MembershipSchema = z.object({
  userId: IdSchema,
  planId: IdSchema,
  scheduleType: z.nullable(ScheduleTypeSchema),
  endDate: z.nullable(DateTimeSchema),
  /** Cancelled in the provider's portal: the plan ends at endDate instead of renewing. */
  cancelAtPeriodEnd: z.optional(z.boolean()),
});
/*
 * Records are plain objects (the client's schemas keep fields they do not know, the store drops them), and
 * the server always has the fields the client may go without.
 */
export const ChatbotRecordSchema = z.object({
  ...ChatbotSchema.shape,
  isActive: z.boolean(),
  updatedAt: DateTimeSchema,
  ...Owned,
  createdAt: DateTimeSchema,
});
export const PlanRecordSchema = z.object(MembershipPlanSchema.shape);
export const KnowledgeFileRecordSchema = z.object({ ...UploadedFileSchema.shape, ...Owned });
export const InstanceRecordSchema = z.object({
  ...InstanceSchema.shape,
  phoneNumber: z.nullable(z.string()),
  createdAt: DateTimeSchema,
  lastActiveAt: z.nullable(DateTimeSchema),
  ...Owned,
  /** Detail reads while waiting for a scan: the simulated phone scans after a few. */
  polls: z.int().check(z.nonnegative()),
  loggedOut: z.boolean(),
});
/** `messages` holds the preview (first message) exactly as search answers it; all messages live below. */
export const ChatSessionRecordSchema = z.object({ ...ChatSessionSchema.shape, ...Owned });
export const ChatMessageRecordSchema = z.object({
  ...ChatMessageSchema.shape,
  ...Owned,
  sessionId: IdSchema,
});
export const TestThreadSchema = z.object({
  id: IdSchema,
  ...Owned,
  chatbotId: IdSchema,
  turns: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string(), at: DateTimeSchema })),
});
export const PromptVersionRecordSchema = z.object({
  ...PromptVersionSchema.shape,
  createdAt: DateTimeSchema,
  chatbotId: IdSchema,
  ...Owned,
});
export const ActivityRecordSchema = z.object({
  ...ActivityLogEntrySchema.shape,
  id: IdSchema,
  ...Owned,
  type: ActivityTypeSchema,
});
export const CheckoutSchema = z.object({
  sessionId: z.string().check(z.minLength(1)),
  userId: IdSchema,
  planId: IdSchema,
  scheduleType: ScheduleTypeSchema,
  status: z.enum(['pending', 'paid', 'cancelled']),
  /** Minor units. */
  amount: z.int().check(z.nonnegative()),
  currency: z.string(),
  createdAt: DateTimeSchema,
  paidAt: z.nullable(DateTimeSchema),
  paymentId: z.nullable(z.string()),
  /** Set when the checkout pays an invoice (not a plan): paying it settles the invoice, not the membership. */
  invoiceId: z.optional(z.nullable(IdSchema)),
});

/** A user's billing details (one record per user; country may be empty only before the first save). */
export const BillingDetailsRecordSchema = z.object({
  ...BillingDetailsBodySchema.shape,
  country: z.string(),
  userId: IdSchema,
  updatedAt: DateTimeSchema,
});
/** A saved card: what the provider keeps visible of it (never its number or its CVC). */
export const PaymentMethodRecordSchema = z.object({
  id: IdSchema,
  ...Owned,
  brand: z.string().check(z.minLength(1)),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  expMonth: z.int().check(z.gte(1), z.lte(12)),
  expYear: z.int(),
  isDefault: z.boolean(),
  holderName: z.string(),
  createdAt: DateTimeSchema,
});
/** A card-setup session at the provider: the page where a card is added, once. */
export const CardSetupSchema = z.object({
  sessionId: z.string().check(z.minLength(1)),
  userId: IdSchema,
  status: z.enum(['pending', 'completed', 'cancelled']),
  createdAt: DateTimeSchema,
  paymentMethodId: z.nullable(IdSchema),
});

/** An invoice of a user; amounts in minor units. Whom it is addressed to is read at request time. */
export const InvoiceRecordSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  number: z.string(),
  status: z.enum(['paid', 'pending', 'failed']),
  currency: z.string(),
  issuedAt: DateTimeSchema,
  dueAt: DateTimeSchema,
  paidAt: z.nullable(DateTimeSchema),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.int(),
      unitAmount: z.int(),
      amount: z.int(),
      periodStart: DateTimeSchema,
      periodEnd: DateTimeSchema,
    }),
  ),
  subtotal: z.int(),
  tax: z.int(),
  total: z.int(),
  /** What the invoice bills (the mock's own bookkeeping, not in any answer): its checkout names them. */
  planId: z.optional(IdSchema),
  scheduleType: z.optional(ScheduleTypeSchema),
});

/**
 * A conversation handed to a person (beyond the spec): when and why, and when a person first replied after it
 * (the dashboard's handoffs and time to a person's first reply).
 */
export const HandoffRecordSchema = z.object({
  id: IdSchema,
  ...Owned,
  sessionId: IdSchema,
  reason: z.string(),
  at: DateTimeSchema,
  firstReplyAt: z.nullable(DateTimeSchema),
});

/** A bot's handoff settings (beyond the spec), once saved; before that the defaults apply. */
export const HandoffSettingsRecordSchema = z.object({
  ...HandoffSettingsBodySchema.shape,
  chatbotId: IdSchema,
  ...Owned,
});

/** A saved reply of a user's team (beyond the spec). */
export const SavedReplyRecordSchema = z.object({
  id: IdSchema,
  ...Owned,
  shortcut: z.string(),
  text: z.string(),
  createdAt: DateTimeSchema,
});

/** A question-and-answer entry of a bot's knowledge (beyond the spec). */
export const QaEntryRecordSchema = z.object({
  id: IdSchema,
  ...Owned,
  chatbotId: IdSchema,
  question: z.string(),
  answer: z.string(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});

/** A group of similar questions a bot could not answer (beyond the spec); cleared groups are deleted. */
export const UnansweredRecordSchema = z.object({
  id: IdSchema,
  ...Owned,
  chatbotId: IdSchema,
  question: z.string(),
  examples: z.array(z.string()),
  count: z.int().check(z.positive()),
  lastAskedAt: DateTimeSchema,
});

const HeldPageSchema = z.object({ url: z.string(), title: z.string(), text: z.string() });

/**
 * A website a bot learns from (beyond the spec), with its crawl: `pages` is the current (or last) crawl page
 * by page, `held` the pages of the last finished one (what the bot knows), `crawls` how many were started.
 */
export const CrawlSourceRecordSchema = z.object({
  id: IdSchema,
  ...Owned,
  chatbotId: IdSchema,
  url: z.string(),
  depth: z.int(),
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  schedule: SyncScheduleSchema,
  status: CrawlStatusSchema,
  crawls: z.int().check(z.nonnegative()),
  pages: z.array(
    z.object({
      url: z.string(),
      /** Links from the start page to this one. */
      hops: z.int().check(z.nonnegative()),
      status: z.enum(['queued', 'fetched', 'failed']),
      title: z.nullable(z.string()),
      text: z.nullable(z.string()),
      reason: z.nullable(z.string()),
    }),
  ),
  held: z.array(HeldPageSchema),
  lastSyncedAt: z.nullable(DateTimeSchema),
  lastChange: z.nullable(z.object({ added: z.int(), changed: z.int(), removed: z.int() })),
  createdAt: DateTimeSchema,
});

export type UserRecord = z.output<typeof UserSchema>;
export type CrawlSourceRecord = z.output<typeof CrawlSourceRecordSchema>;
export type MembershipRecord = z.output<typeof MembershipSchema>;
export type PlanRecord = z.output<typeof PlanRecordSchema>;
export type ChatbotRecord = z.output<typeof ChatbotRecordSchema>;
export type InstanceRecord = z.output<typeof InstanceRecordSchema>;
export type ChatSessionRecord = z.output<typeof ChatSessionRecordSchema>;
export type ChatMessageRecord = z.output<typeof ChatMessageRecordSchema>;
export type TestThreadRecord = z.output<typeof TestThreadSchema>;
export type ActivityRecord = z.output<typeof ActivityRecordSchema>;
export type CheckoutRecord = z.output<typeof CheckoutSchema>;
export type InvoiceRecord = z.output<typeof InvoiceRecordSchema>;
export type HandoffRecord = z.output<typeof HandoffRecordSchema>;
export type HandoffSettingsRecord = z.output<typeof HandoffSettingsRecordSchema>;
export type BillingDetailsRecord = z.output<typeof BillingDetailsRecordSchema>;
export type PaymentMethodRecord = z.output<typeof PaymentMethodRecordSchema>;
export type CardSetupRecord = z.output<typeof CardSetupSchema>;

/** Collections written since persistence last took them (it saves only those). */
const changedCollections = new Set<string>();

/** Names the collections written since the last call, and forgets them. */
export function takeChangedCollections(): string[] {
  const names = [...changedCollections];
  changedCollections.clear();
  return names;
}

const schemas = new Map<string, z.ZodMiniType>();

function collection<S extends z.ZodMiniType>(name: string, schema: S) {
  schemas.set(name, schema);
  const c = new Collection({ schema });
  // Synchronous listeners: a 'create' listener would make every create wait for an extra promise.
  c.hooks.on('update', () => changedCollections.add(name));
  c.hooks.on('delete', () => changedCollections.add(name));
  return c;
}

const createCollections = () => ({
  users: collection('users', UserSchema),
  authSessions: collection('authSessions', AuthSessionSchema),
  loginCodes: collection('loginCodes', LoginCodeSchema),
  loginFailures: collection('loginFailures', LoginFailureSchema),
  plans: collection('plans', PlanRecordSchema),
  memberships: collection('memberships', MembershipSchema),
  chatbots: collection('chatbots', ChatbotRecordSchema),
  knowledgeFiles: collection('knowledgeFiles', KnowledgeFileRecordSchema),
  instances: collection('instances', InstanceRecordSchema),
  chatSessions: collection('chatSessions', ChatSessionRecordSchema),
  chatMessages: collection('chatMessages', ChatMessageRecordSchema),
  testThreads: collection('testThreads', TestThreadSchema),
  promptVersions: collection('promptVersions', PromptVersionRecordSchema),
  activities: collection('activities', ActivityRecordSchema),
  checkouts: collection('checkouts', CheckoutSchema),
  billingDetails: collection('billingDetails', BillingDetailsRecordSchema),
  paymentMethods: collection('paymentMethods', PaymentMethodRecordSchema),
  cardSetups: collection('cardSetups', CardSetupSchema),
  invoices: collection('invoices', InvoiceRecordSchema),
  handoffs: collection('handoffs', HandoffRecordSchema),
  handoffSettings: collection('handoffSettings', HandoffSettingsRecordSchema),
  savedReplies: collection('savedReplies', SavedReplyRecordSchema),
  qaEntries: collection('qaEntries', QaEntryRecordSchema),
  unanswered: collection('unanswered', UnansweredRecordSchema),
  crawlSources: collection('crawlSources', CrawlSourceRecordSchema),
});

/** The two hidden keys @msw/data gives a record (its identity, its relations), as a created record shows them. */
let recordKeys: Promise<{ id: symbol; relations: symbol } | null> | undefined;
function hiddenRecordKeys() {
  recordKeys ??= new Collection({ schema: z.object({}) }).create({}).then((probe) => {
    const keys = Object.getOwnPropertySymbols(probe);
    const id = keys.find((k) => typeof (probe as Record<symbol, unknown>)[k] === 'string');
    const relations = keys.find((k) => (probe as Record<symbol, unknown>)[k] instanceof Map);
    return keys.length === 2 && id && relations ? { id, relations } : null;
  });
  return recordKeys;
}
let bulkId = 0;

/**
 * Adds many records to a collection, each checked by its schema as `create` checks it, for the demo's restore
 * and its seed. `create` copies each record, checks it on its own and awaits the check: for the demo's 6,943
 * records that was a sixth of every demo page's start and of every seeded screen test. Here one parse checks
 * the whole list, and each parsed record joins the collection's own list (which `all()` hands out) with the
 * hidden keys `create` would give it. Where @msw/data works otherwise (other hidden keys, a copy from `all()`, a
 * listener on create), each record goes through `create`. Nothing is added when one record is invalid.
 */
export async function createAll(name: CollectionName, records: readonly unknown[]): Promise<void> {
  const target = db[name] as unknown as {
    create(record: unknown): Promise<unknown>;
    all(): unknown[];
    hooks: { listenerCount(event: string): number };
  };
  const keys = await hiddenRecordKeys();
  const list = target.all();
  const schema = schemas.get(name);
  if (!keys || !schema || target.hooks.listenerCount('create') > 0 || list !== target.all()) {
    for (const record of records) await target.create(record);
    return;
  }
  const parsed = z.array(schema).parse(records) as object[];
  for (const record of parsed) {
    bulkId += 1;
    Object.defineProperties(record, {
      [keys.id]: { enumerable: false, configurable: false, value: `bulk-${bulkId}` },
      [keys.relations]: { enumerable: false, configurable: false, value: new Map() },
    });
    list.push(record);
  }
}

/** Always reach a collection through `db.` (resetDb swaps them). */
export const db = createCollections();
export type Db = typeof db;
export type CollectionName = keyof Db;
/** A record as the collection holds it (with its internal key), which update/delete accept by reference. */
export type Stored<C extends CollectionName> = NonNullable<ReturnType<Db[C]['findFirst']>>;

/*
 * Ids come from a small seeded generator so a seeded demo is identical run after run. Its state is part of
 * a persisted snapshot: after a restore, new ids must not repeat ids already in the data.
 */
const ID_SEED = 0x1f2e3d4c;
let idState = ID_SEED;

function nextRandom(): number {
  // mulberry32
  idState = (idState + 0x6d2b79f5) | 0;
  let t = idState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A fresh id such as `bot-k3x9q2ma`. */
export function newId(prefix: string): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += Math.floor(nextRandom() * 36).toString(36);
  return `${prefix}-${s}`;
}

export const getIdState = () => idState;
export const setIdState = (state: number) => {
  idState = state;
};

const changeListeners = new Set<(change: DbChange) => void>();

export interface DbChange {
  /** Another tab may depend on it at once (a sign-in it reloads for): save now, not after a delay. */
  urgent: boolean;
}

/** Persistence listens here; handlers call notifyDbChanged after anything that may have written. */
export function onDbChange(listener: (change: DbChange) => void): () => void {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

export function notifyDbChanged(change: DbChange = { urgent: false }): void {
  for (const listener of changeListeners) listener(change);
}

/** Empties every collection (the demo mailbox with them: its mails are the login codes) and restarts the id sequence. */
export function resetDb(): void {
  // Fresh collections rather than clear(): clear() deletes record by record, quadratic at 50,000 records.
  Object.assign(db, createCollections());
  idState = ID_SEED;
}
