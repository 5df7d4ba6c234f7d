import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  OWNER,
  shot,
  signIn,
  test,
} from './support';

/** A fresh address signs up an empty Free account: no chatbots yet, so the screen starts in new mode. */
const freshEmail = () => `bots-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function openBotSettings(page: Page, email: string) {
  await signIn(page, email);
  await page.waitForURL('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bot settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bot settings' })).toBeVisible();
}

/** Finds the toast with this title and text, then dismisses it so the next one is alone. */
async function expectToast(page: Page, title: string, text?: string) {
  const region = page.getByRole('region', { name: 'Notifications' });
  const toast = region.locator('[data-variant]').filter({ hasText: title });
  const one = text ? toast.filter({ hasText: text }) : toast;
  await expect(one.first()).toBeVisible();
  await one.first().getByRole('button', { name: 'Dismiss notification' }).click();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const file = (name: string, text: string) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.from(text),
});

/** The demo keeps its data in local storage shortly after a change; wait for it before reloading. */
async function persisted(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (t) =>
          Object.keys(localStorage).some(
            (key) => key.startsWith('influx-demo-db:') && localStorage.getItem(key)?.includes(t),
          ),
        text,
      ),
    )
    .toBe(true);
}

test.describe('bot settings', () => {
  test('a new account creates a bot from a template, with files, edits it, tests it and finds it after a reload', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await openBotSettings(page, freshEmail());

    // New mode with the spec's defaults.
    await expect(page.getByRole('heading', { level: 2, name: 'New chatbot' })).toBeVisible();
    await expect(page.getByLabel('Chatbot', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Temperature')).toHaveValue('0.7');
    await expect(page.getByLabel('Max tokens')).toHaveValue('2048');
    await expect(page.getByLabel('Model')).toHaveValue('');
    await expect(page.getByLabel('Model').locator('option:not([disabled])')).toHaveCount(10);
    await tab(page, 'Test').click();
    await expect(page.getByText('Save the chatbot to test it')).toBeVisible();

    // The save checks, in the spec's order; each refusal opens the field's tab.
    const save = page.getByRole('button', { name: 'Save settings' });
    await save.click();
    await expect(tab(page, 'Basic')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Bot name')).toBeFocused();
    await expectToast(page, 'Save failed', 'Bot name cannot be empty');
    await page.getByLabel('Bot name').fill('Support desk');
    await save.click();
    await expectToast(page, 'Save failed', 'LLM model cannot be empty');
    await page.getByLabel('Model').selectOption('gpt-4.1-mini');
    await save.click();
    await expect(tab(page, 'Prompt')).toHaveAttribute('aria-selected', 'true');
    const prompt = page.getByLabel('System prompt');
    await expect(prompt).toBeFocused();
    await expectToast(page, 'Save failed', 'Prompt cannot be empty');
    await expect(prompt).toHaveAttribute('rows', '6');

    // A template fills the empty prompt at once; replacing text asks first.
    await page.getByRole('button', { name: 'Customer service', exact: true }).click();
    await expect(prompt).toHaveValue(/^You are the customer service assistant of \[Company Name\]\./);
    await expect(prompt).toHaveValue(/## Core responsibilities[\s\S]*## Example responses/);
    await expect(page.getByText('Replace [Company Name] with the name of your business')).toBeVisible();
    await page.getByRole('button', { name: 'Sales and marketing', exact: true }).click();
    const replace = page.getByRole('alertdialog', { name: 'Replace the prompt?' });
    await expect(replace).toBeVisible();
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await expect(prompt).toHaveValue(/^You are the customer service assistant of \[Company Name\]\./);
    await shot(page, '5-prompt-templates');

    // Two files upload one after another; an .exe is refused by name.
    await tab(page, 'Knowledge').click();
    await page
      .getByLabel('Knowledge files to upload')
      .setInputFiles([
        file('faq.txt', 'Shipping takes 3-5 business days.\n'.repeat(40)),
        file('price-list.pdf', '%PDF-1.4 demo price list'),
        file('setup.exe', 'MZ'),
      ]);
    await expect(page.getByRole('alert').filter({ hasText: 'Not added: setup.exe.' })).toBeVisible();
    const files = page.getByRole('list', { name: 'Knowledge files' });
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(files.getByRole('listitem').filter({ hasText: 'faq.txt' })).toContainText('1.33 KB');
    await expect(files.getByRole('listitem').filter({ hasText: 'price-list.pdf' })).toContainText('24 B');
    await expect(files.getByText('Uploaded')).toHaveCount(2);
    await shot(page, '5-knowledge-uploaded');

    // The prompt still says [Company Name]: the save asks, and fills it in everywhere.
    await save.click();
    const placeholder = page.getByRole('dialog', { name: 'Your prompt still says [Company Name]' });
    await expect(placeholder.getByLabel('Company name')).toBeFocused();
    await expect(placeholder.getByRole('button', { name: 'Fill in and save' })).toBeDisabled();
    await shot(page, '5-prompt-placeholder');
    await placeholder.getByLabel('Company name').fill('Acme Outdoor');
    await placeholder.getByRole('button', { name: 'Fill in and save' }).click();
    await expectToast(page, 'Settings saved');
    await expect(placeholder).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Support desk' })).toBeVisible();
    await tab(page, 'Prompt').click();
    await expect(prompt).toHaveValue(/^You are the customer service assistant of Acme Outdoor\./);
    await expect(prompt).not.toHaveValue(/\[Company Name\]/);
    await expect(page.getByLabel('Chatbot', { exact: true }).locator('option:checked')).toHaveText(
      'Support desk',
    );

    // Edit and save again: name, temperature (keyboard), max tokens.
    await tab(page, 'Basic').click();
    await page.getByLabel('Bot name').fill('Support desk EU');
    await page.getByLabel('Temperature').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tabpanel').locator('output')).toHaveText('0.9');
    await page.getByLabel('Max tokens').fill('1024');
    await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
    await save.click();
    await expectToast(page, 'Settings saved');
    await expect(page.getByRole('heading', { level: 2, name: 'Support desk EU' })).toBeVisible();
    await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);

    // A second bot may not take the first one's name (the Free plan would refuse it anyway; this is first).
    await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: '+ New chatbot' });
    await expect(page.getByRole('heading', { level: 2, name: 'New chatbot' })).toBeVisible();
    await page.getByLabel('Bot name').fill('  support desk eu ');
    await page.getByLabel('Model').selectOption('gpt-4o');
    await tab(page, 'Prompt').click();
    await page.getByRole('button', { name: 'Technical support', exact: true }).click();
    await save.click();
    await expect(page.getByLabel('Bot name')).toBeFocused();
    await expectToast(page, 'Save failed', 'Bot name already exists, please use a different name');

    // Going back to the saved bot with unsaved changes asks first.
    await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'Support desk EU' });
    const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Support desk EU' })).toBeVisible();

    // Talk to it.
    await tab(page, 'Test').click();
    const message = page.getByLabel('Message', { exact: true });
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeDisabled();
    await message.fill('Do you ship abroad?');
    await message.press('Shift+Enter');
    await expect(message).toHaveValue('Do you ship abroad?\n');
    await message.press('Enter');
    const log = page.getByRole('log', { name: 'Test conversation' });
    await expect(log).toContainText('Do you ship abroad?');
    await expect(log).toContainText('I am the customer service assistant of Acme Outdoor');
    await expect(log).toContainText('3-5 business days');
    await expect(message).toHaveValue('');
    await shot(page, '5-test-chat');

    // Reload: everything as saved, and the test thread goes on.
    await persisted(page, 'Support desk EU');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Support desk EU' })).toBeVisible();
    await expect(page.getByLabel('Model')).toHaveValue('gpt-4.1-mini');
    await expect(page.getByLabel('Temperature')).toHaveValue('0.9');
    await expect(page.getByLabel('Max tokens')).toHaveValue('1024');
    await tab(page, 'Prompt').click();
    await expect(page.getByLabel('System prompt')).toHaveValue(/assistant of Acme Outdoor\./);
    await tab(page, 'Knowledge').click();
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(files).toContainText('faq.txt');
    await expect(files).toContainText('price-list.pdf');
    await tab(page, 'Test').click();
    await message.fill('And the price?');
    await message.press('Enter');
    await expect(log).toContainText('Message 2 in this chat; you first asked: "Do you ship abroad?"');
    // Clearing starts a new thread.
    await page.getByRole('button', { name: 'Clear chat' }).click();
    await expect(log).not.toContainText('And the price?');
    await message.fill('Hello');
    await send.click();
    await expect(log).toContainText('Hello! I am the customer service assistant of Acme Outdoor');
    expect(errors).toEqual([]);
  });

  test('leaving with unsaved changes asks first; Discard changes restores the saved bot', async ({
    page,
  }) => {
    await openBotSettings(page, OWNER);
    const name = page.getByLabel('Bot name');
    const saved = await name.inputValue();
    await name.fill('Renamed but not saved');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/bot-settings\/bot-ava$/);
    await expect(name).toHaveValue('Renamed but not saved');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(name).toHaveValue(saved);
    await expect(page.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
    // Clean, it goes without asking.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('/');
    await page.goBack();
    await page.getByLabel('Bot name').fill('Renamed again');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat history' }).click();
    await page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await page.waitForURL('/chat-history');
  });

  test('Back and Logout ask before unsaved changes are lost', async ({ page }) => {
    // Signed in on the dashboard, then to the bot settings: Back leads to the dashboard.
    await openBotSettings(page, OWNER);
    const name = page.getByLabel('Bot name');
    await name.fill('Renamed but not saved');
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    // Back: the page stays, with the edit, until the user agrees.
    await page.goBack();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/bot-settings\/bot-ava$/);
    await expect(name).toHaveValue('Renamed but not saved');
    await page.getByRole('button', { name: 'Logout' }).click();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(name).toHaveValue('Renamed but not saved');
    await page.goBack();
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the owner has 3 bots: no New; the integration dialog needs a link', async ({ page }) => {
    await openBotSettings(page, OWNER);
    const picker = page.getByLabel('Chatbot', { exact: true });
    await expect(picker.locator('option')).toHaveText([
      'Ava – Customer Support',
      'Leo – Sales Assistant',
      'Nova – Tech Support',
    ]);
    await expect(page.getByText('You have 3 chatbots, the most an account can have.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
    await picker.selectOption({ label: 'Nova – Tech Support' });
    await expect(page.getByRole('heading', { level: 2, name: 'Nova – Tech Support' })).toBeVisible();
    await expect(page.getByLabel('Temperature')).toHaveValue('0.3');
    await expect(page.getByLabel('Max tokens')).toHaveValue('4096');

    // The drop zone states the size limit; a bigger file is refused by name, and nothing of it is sent.
    await tab(page, 'Knowledge').click();
    const files = page.getByRole('list', { name: 'Knowledge files' });
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('PDF, DOC, DOCX or TXT, up to 20 MB each.', { exact: false })).toBeVisible();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page
      .getByLabel('Knowledge files to upload')
      .setInputFiles([
        { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * 1024 * 1024 + 1) },
      ]);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Too large to upload: scan.pdf. A file can be at most 20 MB.' }),
    ).toBeVisible();
    await expect(files.getByRole('listitem')).toHaveCount(2);
    expect(requests.filter((url) => url.includes('/upload/'))).toEqual([]);
    await page.getByRole('button', { name: 'Dismiss', exact: true }).click();

    // A file the server refuses stays listed as failed, with its reason and a remove; a retry would be refused
    // the same, so none is offered.
    await page
      .getByLabel('Knowledge files to upload')
      .setInputFiles([{ name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) }]);
    const failed = files.getByRole('listitem').filter({ hasText: 'manual.pdf' });
    await expect(failed).toContainText('0 B · Upload failed: file: manual.pdf is empty');
    await expect(failed.getByRole('button', { name: 'Remove manual.pdf' })).toBeVisible();
    await expect(failed.getByRole('button', { name: /Retry/ })).toHaveCount(0);
    // The listener sees uploads: this one, and only this one, went out.
    expect(requests.filter((url) => url.includes('/upload/'))).toHaveLength(1);
    await failed.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, '5-knowledge-failed', { fullPage: false });
    await failed.getByRole('button', { name: 'Remove manual.pdf' }).click();
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Google Sheets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Google Sheets' });
    const connect = dialog.getByRole('button', { name: 'Connect', exact: true });
    await expect(connect).toBeDisabled();
    await dialog.getByLabel('Link').fill('   ');
    await expect(connect).toBeDisabled();
    await dialog.getByLabel('Link').fill('https://docs.google.com/spreadsheets/d/demo');
    await connect.click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('bot settings: languages', () => {
  for (const [locale, start] of [
    ['zh-CN', '你是 [Company Name] 的客服助理。'],
    ['zh-TW', '你是 [Company Name] 的客服助理。'],
  ] as const) {
    test(`the templates come in ${locale}`, async ({ page }) => {
      await signIn(page, freshEmail());
      await page.waitForURL('/');
      await page.evaluate((l) => localStorage.setItem('influx-language', l), locale);
      await page.goto('/bot-settings');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // The tabs are in the order of the spec (basic, prompt, knowledge, test), with style after prompt.
      await page.getByRole('tab').nth(1).click();
      const panel = page.getByRole('tabpanel');
      // The first industry template (the prompt's own tools come before the templates).
      await panel.getByRole('region').getByRole('button').first().click();
      const prompt = panel.getByRole('textbox').first();
      await expect(prompt).toHaveValue(new RegExp(`^${start.replace(/[[\]]/g, '\\$&')}`));
      await expect(prompt).toHaveValue(/## 核心[职職]/);
      await expectNoAxeViolations(page);
      await shot(page, `5-prompt-${locale}`);
    });
  }
});

test.describe('bot settings: accessibility and layout', () => {
  test('no axe violations on any tab', async ({ page }) => {
    // axe in both themes at six points: twelve runs, each taking seconds on a busy machine.
    test.setTimeout(180_000);
    await openBotSettings(page, OWNER);
    await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
    for (const name of ['Basic', 'Prompt', 'Style', 'Knowledge', 'Test']) {
      await tab(page, name).click();
      if (name === 'Test') {
        await page.getByLabel('Message', { exact: true }).fill('Where is my order?');
        await page.getByLabel('Message', { exact: true }).press('Enter');
        await expect(page.getByRole('log')).toContainText('Let me check that for you');
      }
      await expectNoAxeViolationsInBothThemes(page, `5-${name.toLowerCase()}`);
    }
    await tab(page, 'Prompt').click();
    await page.getByRole('button', { name: 'Education', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: 'Replace the prompt?' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '5-replace-dialog');
  });

  test('works at 768 px, keyboard only through the tabs', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await asOwner(page);
    await page.goto('/bot-settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
    await tab(page, 'Basic').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Prompt')).toBeFocused();
    await expect(tab(page, 'Prompt')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Style')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Knowledge')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Handoff')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Test')).toHaveAttribute('aria-selected', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, '5-mobile-768');
    await tab(page, 'Knowledge').click();
    await expectNoAxeViolations(page);
    await shot(page, '5-mobile-768-knowledge');
  });
});
