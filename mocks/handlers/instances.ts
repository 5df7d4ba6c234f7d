import { HttpResponse } from 'msw';
import type { Ok } from '../../src/api/schemas/common';
import type { Count } from '../../src/api/schemas/dashboard';
import {
  type Instance,
  InstanceUpdateBodySchema,
  type UsageInfo,
  UsageInfoBodySchema,
} from '../../src/api/schemas/instances';
import { isoNow, now } from '../clock';
import { db, type InstanceRecord, notifyDbChanged, type Stored } from '../db';
import { givenInstance } from '../fixtures';
import { mockOptions } from '../options';
import { periodOfDates, periodOfTimeRange } from '../periods';
import {
  connectedInstances,
  isUnlimited,
  liveInstances,
  logActivity,
  numbersTaken,
  planOf,
  tokensByDay,
  tokensBySession,
} from '../rules';
import { authedRoute, fail, owned, readBody, withoutOwner } from './common';

/**
 * A new QR code every 5 s: the dashboard checks every 5 s (the spec's QR refresh), so each check brings the
 * code a phone would read at that moment.
 */
export const QR_ROTATION_MS = 5_000;
/** The simulated phone: on the 3rd detail read it has scanned (authenticated), from the 4th it is ready. */
export const POLLS_UNTIL_AUTHENTICATED = 3;
export const POLLS_UNTIL_READY = 4;

function hash(text: string): string {
  // FNV-1a, twice, as base36: stable, QR-looking noise.
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    h1 = Math.imul(h1 ^ text.charCodeAt(i), 16777619);
    h2 = Math.imul(h2 ^ text.charCodeAt(i), 2246822519);
  }
  return (h1 >>> 0).toString(36) + (h2 >>> 0).toString(36);
}

/** The QR text of an instance at time t, shaped like the engine's "2@ref,key,key,secret". */
export function qrCodeAt(instanceId: string, t: number): string {
  const w = Math.floor(t / QR_ROTATION_MS);
  const part = (n: number) => hash(`${instanceId}:${w}:${n}`) + hash(`${n}:${w}:${instanceId}`);
  return `2@${part(1)}${part(2)},${part(3)}=,${part(4)}=,${part(5)}=`;
}

const waiting = (i: InstanceRecord) => i.instanceStatus === 'qr';

export function toInstance(record: InstanceRecord): Instance {
  const { polls: _polls, loggedOut: _loggedOut, ...instance } = withoutOwner(record);
  return waiting(record) ? { ...instance, qrCode: qrCodeAt(record.id, now()) } : instance;
}

function ownInstance(id: string, userId: string) {
  const record = db.instances.findFirst((q) => q.where((i) => i.id === id && !i.loggedOut));
  if (!record || record.ownerId !== userId) throw fail.notFound('Instance');
  return record;
}

/** Refuses a further connected number once the plan's instanceLimit is reached. */
function refuseBeyondPlan(userId: string): void {
  const { instanceLimit, name } = planOf(userId);
  if (isUnlimited(instanceLimit) || numbersTaken(userId).length < instanceLimit) return;
  const s = instanceLimit === 1 ? '' : 's';
  throw fail.limit(
    'instanceLimit',
    instanceLimit,
    `Your plan allows ${instanceLimit} connected instance${s} (${name}). Upgrade to connect more numbers.`,
  );
}

/** The phone finished linking: the number is online (a number linked before keeps its phone number). */
async function becomeReady(record: Stored<'instances'>, polls: number): Promise<InstanceRecord> {
  const next = await db.instances.update(record, {
    data(i) {
      i.polls = polls;
      i.instanceStatus = 'ready';
      i.status = 1;
      i.qrCode = null;
      i.phoneNumber ??= `1415555${String(1000 + ((polls * 7919 + i.id.length * 31) % 9000))}`;
      i.lastActiveAt = isoNow();
    },
  });
  if (next) await logActivity(record.ownerId, 'instance_bound', `New instance bound: ${next.instanceName}`);
  notifyDbChanged();
  return next ?? record;
}

/** One detail read of an instance waiting for a scan: the phone gets a little further. */
async function poll(record: Stored<'instances'>): Promise<InstanceRecord> {
  if (record.instanceStatus !== 'qr' && record.instanceStatus !== 'authenticated') return record;
  if (mockOptions.qrNeverScanned) return record;
  const polls = record.polls + 1;
  // Waiting codes were free to create; a scan that would connect one number too many is refused.
  if (record.instanceStatus === 'qr' && polls >= POLLS_UNTIL_AUTHENTICATED) refuseBeyondPlan(record.ownerId);
  if (polls >= POLLS_UNTIL_READY) return becomeReady(record, polls);
  if (polls < POLLS_UNTIL_AUTHENTICATED) {
    const next = await db.instances.update(record, {
      data(i) {
        i.polls = polls;
      },
    });
    notifyDbChanged();
    return next ?? record;
  }
  const next = await db.instances.update(record, {
    data(i) {
      i.polls = polls;
      i.instanceStatus = 'authenticated';
      i.qrCode = null;
    },
  });
  notifyDbChanged();
  return next ?? record;
}

/**
 * Authenticated is a short step (the phone syncing), not a place to stay: the client stops checking once it
 * sees it, so the next read of any kind (the list, say) finds the number ready.
 */
async function settleAuthenticated(userId: string): Promise<void> {
  for (const record of liveInstances(userId)) {
    if (record.instanceStatus === 'authenticated') await becomeReady(record, record.polls + 1);
  }
}

export const instanceHandlers = [
  authedRoute('post', '/whatsapp/create-instance', async ({ user }) => {
    refuseBeyondPlan(user.id);
    // A removed number's name is free again: cancelling "Instance 2" and adding again gives "Instance 2".
    const taken = new Set(liveInstances(user.id).map((i) => i.instanceName));
    let n = liveInstances(user.id).length + 1;
    while (taken.has(`Instance ${n}`)) n++;
    const created = await givenInstance(user.id, { instanceName: `Instance ${n}` });
    return HttpResponse.json(toInstance(created));
  }),

  authedRoute('get', '/whatsapp/list', async ({ user }) => {
    await settleAuthenticated(user.id);
    return HttpResponse.json(liveInstances(user.id).map(toInstance));
  }),

  authedRoute('get', '/whatsapp/count/active', ({ user }) =>
    HttpResponse.json<Count>({ count: connectedInstances(user.id).length }),
  ),

  authedRoute('post', '/whatsapp/usage-info', async ({ request, user }) => {
    // The spec's time range code, or whole days of the user's calendar (see UsageDateRangeSchema).
    const body = await readBody(request, UsageInfoBodySchema);
    const period =
      'timeRange' in body ? periodOfTimeRange(body.timeRange) : periodOfDates(body.startDate, body.endDate);
    const totals = tokensBySession(user.id, period);
    const sessions = db.chatSessions.findMany((q) =>
      q.where((s) => s.ownerId === user.id && totals.has(s.id)),
    );
    const usageInfos = sessions
      .map((s) => ({ sessionFrom: s.fromNumber, tokenCount: totals.get(s.id) ?? 0 }))
      .sort((a, b) => b.tokenCount - a.tokenCount);
    const usage: UsageInfo = {
      nowInstanceNum: connectedInstances(user.id).length,
      maxInstanceNum: planOf(user.id).instanceLimit,
      usageInfos,
      totalTokenCount: usageInfos.reduce((sum, u) => sum + u.tokenCount, 0),
      dailyTokens: tokensByDay(user.id, period),
    };
    return HttpResponse.json(usage);
  }),

  authedRoute('get', '/whatsapp/:id', async ({ params, user }) => {
    const polled = await poll(ownInstance(params.id ?? '', user.id));
    return HttpResponse.json(toInstance(polled));
  }),

  authedRoute('post', '/whatsapp/:id/logout', async ({ params, user }) => {
    const record = ownInstance(params.id ?? '', user.id);
    await db.instances.update(record, {
      data(i) {
        i.loggedOut = true;
        i.status = 0;
        i.instanceStatus = 'logged_out';
        i.qrCode = null;
      },
    });
    return HttpResponse.json<Ok>({ success: true });
  }),

  authedRoute('post', '/whatsapp/:id/update', async ({ request, params, user }) => {
    const record = ownInstance(params.id ?? '', user.id);
    const body = await readBody(request, InstanceUpdateBodySchema);
    owned(
      db.chatbots.findFirst((q) => q.where((b) => b.id === body.chatbotId)),
      user,
      'Chatbot',
    );
    const updated = await db.instances.update(record, {
      data(i) {
        i.instanceName = body.instanceName;
        i.chatbotId = body.chatbotId;
      },
    });
    return HttpResponse.json(toInstance(updated ?? record));
  }),
];
