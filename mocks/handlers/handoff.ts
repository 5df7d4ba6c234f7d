import { HttpResponse } from 'msw';
import {
  DEFAULT_HANDOFF_SETTINGS,
  type HandoffSettings,
  HandoffSettingsBodySchema,
} from '../../src/api/schemas/handoff';
import { db, notifyDbChanged } from '../db';
import { ownBot } from './chatbots';
import { authedRoute, readBody } from './common';

/*
 * A bot's handoff settings (beyond the spec):
 *   GET /chatbots/{id}/handoff  -> the settings (the defaults until saved)
 *   PUT /chatbots/{id}/handoff  -> the settings as stored (400 for what the body schema refuses)
 * mocks/customers.ts acts on them: the phrases, the answers without an answer in a row, the mood, the
 * message, the hours, and the pause a reply from the phone starts.
 */

const recordOf = (chatbotId: string) =>
  db.handoffSettings.findFirst((q) => q.where((h) => h.chatbotId === chatbotId));

/** The settings a bot works with now. */
export function handoffSettingsOf(chatbotId: string): HandoffSettings {
  const record = recordOf(chatbotId);
  if (!record) return structuredClone(DEFAULT_HANDOFF_SETTINGS);
  const { chatbotId: _bot, ownerId: _owner, ...settings } = record;
  return settings;
}

/** For tests and the demo: a bot's settings, as a save would store them. */
export async function givenHandoffSettings(
  ownerId: string,
  chatbotId: string,
  settings: Partial<HandoffSettings>,
): Promise<HandoffSettings> {
  const next = HandoffSettingsBodySchema.parse({ ...handoffSettingsOf(chatbotId), ...settings });
  const record = recordOf(chatbotId);
  if (record) {
    await db.handoffSettings.update(record, {
      data(h) {
        Object.assign(h, next);
      },
    });
  } else {
    await db.handoffSettings.create({ ...next, chatbotId, ownerId });
  }
  notifyDbChanged();
  return next;
}

export const handoffHandlers = [
  authedRoute('get', '/chatbots/:id/handoff', ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    return HttpResponse.json(handoffSettingsOf(bot.id));
  }),

  authedRoute('put', '/chatbots/:id/handoff', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const body = await readBody(request, HandoffSettingsBodySchema);
    return HttpResponse.json(await givenHandoffSettings(user.id, bot.id, body));
  }),
];
