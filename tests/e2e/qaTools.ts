import { expect, type Page } from '@playwright/test';
import { asAccount } from './support';

/** Opens a page of the demo, signed in as `who` (or signed out); the fixture's goto waits for the mock backend. */
export async function open(page: Page, path: string, who: 'owner' | 'admin' | null) {
  if (who) await asAccount(page, who);
  await page.goto(path);
}

export const qaPanel = (page: Page) => page.getByRole('complementary', { name: 'QA tools' });

/** Opens the QA panel the way QA does: the keyboard shortcut. */
export async function openQa(page: Page) {
  await expect(page.getByRole('button', { name: 'QA', exact: true })).toBeVisible();
  await page.keyboard.press('Alt+Shift+KeyQ');
  await expect(page.getByRole('heading', { name: 'QA tools' })).toBeVisible();
}

async function chooseState(page: Page, flow: string, state: string) {
  const panel = qaPanel(page);
  await panel.getByLabel('Running flow').selectOption(flow);
  await panel.getByLabel('State', { exact: true }).selectOption(state);
}

/** Jumps a running flow to a state from the panel and waits until the flow is there. */
export async function jump(page: Page, flow: string, state: string) {
  await chooseState(page, flow, state);
  await qaPanel(page).getByRole('button', { name: 'Jump', exact: true }).click();
  await expect(qaPanel(page).getByRole('status')).toHaveText(`Jumped to ${state}`);
}

/** The state link the panel gives for a flow's state (what QA pastes into a bug report). */
export async function stateLink(page: Page, flow: string, state: string): Promise<string> {
  await chooseState(page, flow, state);
  await qaPanel(page).getByRole('button', { name: 'Copy state link' }).click();
  const note = qaPanel(page).getByRole('status');
  await expect(note).toContainText(`qa-state=${encodeURIComponent(state)}`);
  const link = (await note.textContent()) ?? '';
  const url = new URL(link);
  expect(url.searchParams.get('qa-flow')).toBe(flow);
  expect(url.searchParams.get('qa-state')).toBe(state);
  return link;
}

/** Opens a state link as a bug report reader would: a fresh load of the app. */
export async function openLink(page: Page, link: string) {
  await page.goto(link);
}

/** A heading-labelled card of a screen (the dashboard's figures, the billing panels). */
export const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
