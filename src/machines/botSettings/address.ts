import { PATHS, pathWith } from '../paths';

/*
 * The bot editor's address, apart from its machine: a page that only links to the editor (the dashboard's
 * first-run checklist) builds the address without loading the editor.
 */

/** The editor's tabs, in their order; the address names one (`?tab=`). */
/** The spec's tabs, and Handoff beyond it (before the test chat, which stays last). */
export const BOT_TABS = ['basic', 'prompt', 'style', 'knowledge', 'handoff', 'test'] as const;
export type BotTab = (typeof BOT_TABS)[number];
export const FIRST_TAB: BotTab = 'basic';

/** A tab from the address; anything else is the first. */
export const toBotTab = (value: unknown): BotTab =>
  BOT_TABS.includes(value as BotTab) ? (value as BotTab) : FIRST_TAB;

/** What the address says: the bot (none: the editor's own choice, the first bot or a new one) and the tab. */
export interface BotSettingsLocation {
  botId: string | null;
  tab: BotTab;
}

/** The address of a view of the editor: the bot as one encoded path segment, the tab when not the first. */
export function botSettingsUrl({ botId, tab }: BotSettingsLocation): string {
  const path = pathWith(PATHS.botSettings, botId);
  return tab === FIRST_TAB ? path : `${path}?tab=${tab}`;
}
