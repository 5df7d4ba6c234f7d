import { expect, type Page } from '@playwright/test';
import { asOwner } from './support';

/** The demo's order conversation (the seed's featured one), as the list names it. */
export const ORDER_NUMBER = '+852 6338 1492';

/** The names a test finds the chat history's parts by, in its language. */
export interface ChatNames {
  title: string;
  conversations: string;
  messages: string;
  who: string;
  botReplies: string;
}

/**
 * Signed in as the demo owner in `language`, chat history open on the order conversation, which the bot
 * handles: its list, its "who replies" controls and its messages.
 */
export async function openOrderConversation(page: Page, language: 'zh-CN' | 'zh-TW', T: ChatNames) {
  await asOwner(page);
  await page.addInitScript((lang) => localStorage.setItem('influx-language', lang), language);
  await page.goto('/chat-history');
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  const list = page.getByRole('listbox', { name: T.conversations });
  await list.getByRole('option', { name: new RegExp(`^\\${ORDER_NUMBER}`) }).click();
  const who = page.getByRole('region', { name: T.who });
  await expect(who.getByText(T.botReplies)).toBeVisible();
  return { list, who, messages: page.getByRole('region', { name: T.messages, exact: true }) };
}
