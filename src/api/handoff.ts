import { http, seg } from './client';
import { type HandoffSettings, HandoffSettingsBodySchema, HandoffSettingsSchema } from './schemas/handoff';

/*
 * Beyond the spec (schemas/handoff.ts): when a bot hands conversations to the team, and the team's hours.
 * A bot that never had them saved answers the defaults.
 */

const path = (botId: string) => `/chatbots/${seg(botId)}/handoff`;

export const getHandoffSettings = (botId: string, signal?: AbortSignal) =>
  http.get(path(botId), HandoffSettingsSchema, { signal });

/** Saves them whole; answers them as stored. */
export const saveHandoffSettings = (botId: string, body: HandoffSettings, signal?: AbortSignal) =>
  http.put(path(botId), HandoffSettingsSchema, { body: HandoffSettingsBodySchema.parse(body), signal });
