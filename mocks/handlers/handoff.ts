import { HttpResponse } from 'msw';
import type { Handling } from '../../src/api/schemas/handling';
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

/** The bot that answers the owner's customers: their first chatbot (the demo binds it to its line). */
export const answeringBot = (ownerId: string) =>
  db.chatbots.findMany((q) => q.where((b) => b.ownerId === ownerId))[0];

/** The settings the owner's conversations are handled by (the defaults without a bot). */
export function ownersHandoffSettings(ownerId: string): HandoffSettings {
  const bot = answeringBot(ownerId);
  return bot ? handoffSettingsOf(bot.id) : structuredClone(DEFAULT_HANDOFF_SETTINGS);
}

/** A conversation's handling as answered: the bot's default pause told while a person may take it over. */
export function withDefaultPause(handling: Handling, ownerId: string): Handling {
  if (handling.by === 'person') return handling;
  return { ...handling, pauseMinutes: ownersHandoffSettings(ownerId).defaultPauseMinutes };
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
