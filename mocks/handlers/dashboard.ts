import { HttpResponse } from 'msw';
import type { ActivityLogEntry, Comparison } from '../../src/api/schemas/dashboard';
import { DAY, now } from '../clock';
import { db } from '../db';
import { startOfDay, within } from '../periods';
import { messagesOf } from '../rules';
import { authedRoute } from './common';

function todayAndYesterday(dates: string[]): Comparison {
  const today = startOfDay(now());
  const yesterday = startOfDay(today - DAY / 2);
  let countsOfToday = 0;
  let countsOfYesterday = 0;
  for (const d of dates) {
    if (within(d, [today, Number.POSITIVE_INFINITY])) countsOfToday++;
    else if (within(d, [yesterday, today])) countsOfYesterday++;
  }
  return { countsOfToday, countsOfYesterday };
}

export const dashboardHandlers = [
  authedRoute('get', '/chat-message/compare/yesterday', ({ user }) =>
    HttpResponse.json(todayAndYesterday(messagesOf(user.id).map((m) => m.sentAt))),
  ),

  /** Sessions started, standing for customers who wrote in. */
  authedRoute('get', '/chat-session/count/whatsapp-users', ({ user }) => {
    const sessions = db.chatSessions.findMany((q) => q.where((s) => s.ownerId === user.id));
    return HttpResponse.json(todayAndYesterday(sessions.map((s) => s.createdAt)));
  }),

  authedRoute('get', '/activity-log/list', ({ user }) => {
    const since = now() - DAY;
    const entries = db.activities
      .findMany((q) => q.where((a) => a.ownerId === user.id && Date.parse(a.createdAt) >= since))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .map(({ createdAt, description, type }): ActivityLogEntry => ({ createdAt, description, type }));
    return HttpResponse.json(entries);
  }),
];
