import type { MessageDescriptor } from '@lingui/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createMachine, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { DEMO_BOTS, DEMO_OWNER } from '../../../mocks/seed';
import { loadLazyFlows, recordToasts, type StandInApp, stopStandIns } from '../../../tests/appSystem';
import { describeStateViews } from '../../../tests/stateViews';
import {
  BOT_SETTINGS_DEFAULTS,
  type Chatbot,
  type ChatbotBody,
  type KnowledgeBaseFile,
  type PromptVersion,
} from '../../api/schemas/chatbots';
import { mainLine } from '../../demo/qa/flowModels/botDelete.flowModel';
import {
  sampleBot as bot,
  botEditorModel,
  demoBots,
  sampleUpload as uploaded,
} from '../../demo/qa/flowModels/botEditor.flowModel';
import { modelPaths, stateCoverage } from '../model';
import type { ToastInput } from '../root/toasts/toasts.machine';
import { botDeleteMachine } from './botDelete/botDelete.machine';
import {
  botEditorMachine,
  botSettingsUrl,
  entriesOf,
  hasUnsavedChanges,
  botEditorMessages as m,
  toBotTab,
} from './botEditor.machine';
import { type BotField, type BotForm, defaultForm, sameForm, toBody, toTemperature } from './botForm';
import { COMPANY_PLACEHOLDER, fillCompanyName, hasCompanyPlaceholder } from './companyPlaceholder';
import { knowledgeUploadMachine, uploadFileWith } from './knowledgeUpload/knowledgeUpload.machine';

// The flows the started actors load lazily are loaded before any starts.
beforeAll(loadLazyFlows);

const kb = (id: string, name = `${id}.pdf`): KnowledgeBaseFile => ({
  fileIdOnPlatform: id,
  fileUrl: `https://files.test/${id}`,
  name,
  fileSize: 1000,
});

interface Fakes {
  bots?: Chatbot[];
  files?: Record<string, KnowledgeBaseFile[]>;
  list?: () => Promise<Chatbot[]>;
  create?: (input: { userId: string; body: ChatbotBody }) => Promise<Chatbot>;
  update?: (input: { id: string; body: ChatbotBody }) => Promise<Chatbot>;
  userId?: string | null;
  versions?: Record<string, PromptVersion[]>;
  /** The address at start. */
  botId?: string | null;
  tab?: 'basic' | 'prompt';
  /** Called with each event the prompt optimiser receives. */
  optimizerHeard?: (event: { type: string; prompt?: string }) => void;
}

let toasts: ToastInput[] = [];
// The app the editors of a test run in: its toast queue records what they raise.
let app: StandInApp;
beforeEach(() => {
  toasts = [];
  app = recordToasts((t) => toasts.push(t));
});
afterEach(() => stopStandIns());

function start(fakes: Fakes = {}) {
  let store = [...(fakes.bots ?? [])];
  const list = vi.fn(fakes.list ?? (async () => store));
  const load = vi.fn(async (id: string) => {
    const found = store.find((b) => b.id === id);
    if (!found) throw new Error('Chatbot not found');
    return {
      bot: found,
      files: fakes.files?.[id] ?? found.KnowledgeBaseFile,
      versions: fakes.versions?.[id] ?? ('failed' as const),
    };
  });
  const create = vi.fn(
    fakes.create ??
      (async ({ body }: { userId: string; body: ChatbotBody }) => {
        const created = bot(`new-${store.length + 1}`, {
          ...body,
          KnowledgeBaseFile: body.knowledgeBaseIds.map((id) => kb(id)),
        });
        store = [...store, created];
        return created;
      }),
  );
  const update = vi.fn(
    fakes.update ??
      (async ({ id, body }: { id: string; body: ChatbotBody }) => {
        const updated = bot(id, { ...body, KnowledgeBaseFile: body.knowledgeBaseIds.map((f) => kb(f)) });
        store = store.map((b) => (b.id === id ? updated : b));
        return updated;
      }),
  );
  const upload = vi.fn(async (file: File) => uploaded(file.name));
  const actor = app.run(
    botEditorMachine.provide({
      actors: {
        listBots: fromPromise(() => list()),
        loadBot: fromPromise(({ input }) => load(input.id)),
        createBot: fromPromise(({ input }) => create(input)),
        updateBot: fromPromise(({ input }) => update(input)),
        optimizer: createMachine({
          on: { '*': { actions: ({ event }) => fakes.optimizerHeard?.(event as { type: string }) } },
        }) as never,
        botDelete: botDeleteMachine.provide({
          actors: {
            listInstances: fromPromise(async () => [{ ...mainLine, chatbotId: store[0]?.id ?? null }]),
            deleteBot: fromPromise(async ({ input }: { input: { id: string } }) => {
              store = store.filter((b) => b.id !== input.id);
              return { success: true };
            }) as never,
          },
        }) as never,
        uploads: knowledgeUploadMachine.provide({
          actors: { uploadFile: uploadFileWith((file) => upload(file)) },
        }),
      },
    }),
    {
      input: {
        userId: fakes.userId === undefined ? 'user-1' : fakes.userId,
        ...(fakes.botId !== undefined ? { botId: fakes.botId } : {}),
        ...(fakes.tab ? { tab: fakes.tab } : {}),
      },
    },
  );
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  };
  const snap = () => actor.getSnapshot();
  const set = (field: 'name' | 'model' | 'prompt' | 'maxTokens', value: string) =>
    actor.send({ type: 'field.changed', field, value });
  const uploads = () => snap().children.uploads as AnyActorRef;
  return { actor, snap, set, settle, list, load, create, update, upload, uploads };
}

const three = [bot('a', { name: 'Ava' }), bot('b', { name: 'Leo' }), bot('c', { name: 'Nova' })];

describe('bot editor: loading', () => {
  it('starts in new mode with the spec defaults when the user has no bots', async () => {
    const { snap, settle } = start();
    expect(snap().hasTag('loading')).toBe(true);
    await settle();
    expect(snap().hasTag('new')).toBe(true);
    expect(snap().context.form).toEqual({
      name: '',
      model: '',
      temperature: 0.7,
      maxTokens: '2048',
      prompt: '',
      knowledge: [],
      settings: BOT_SETTINGS_DEFAULTS,
    });
    expect(hasUnsavedChanges(snap())).toBe(false);
  });

  it('selects the first bot and loads it with its knowledge base', async () => {
    const { snap, settle, load } = start({
      bots: [bot('a', { temperature: '0.3', maxTokens: 4096 }), bot('b')],
      files: { a: [kb('kf-1', 'faq.pdf')] },
    });
    await settle();
    expect(load).toHaveBeenCalledWith('a');
    expect(snap().hasTag('editing')).toBe(true);
    expect(snap().context.selectedId).toBe('a');
    expect(snap().context.form).toMatchObject({ name: 'Bot a', temperature: 0.3, maxTokens: '4096' });
    expect(snap().context.form.knowledge).toEqual([
      { knowledgeFileId: 'kf-1', name: 'faq.pdf', size: 1000, url: 'https://files.test/kf-1', date: null },
    ]);
  });

  it('shows a load failure with a retry that works', async () => {
    let fail = true;
    const { snap, settle, actor } = start({
      bots: [bot('a')],
      list: async () => {
        if (fail) throw new Error('Service unavailable');
        return [bot('a')];
      },
    });
    await settle();
    expect(snap().value).toBe('loadFailed');
    expect(snap().context.loadError).toBe('Service unavailable');
    fail = false;
    actor.send({ type: 'load.retried' });
    await settle();
    expect(snap().hasTag('editing')).toBe(true);
  });

  it('a bot that fails to load can be retried or left for another', async () => {
    const { snap, settle, actor } = start({ bots: [bot('a'), bot('b')], files: {} });
    await settle();
    actor.send({ type: 'bot.selected', id: 'missing' });
    expect(snap().hasTag('editing')).toBe(true);
    // The list has it, the server does not.
    actor.send({ type: 'bot.selected', id: 'b' });
    await settle();
    expect(snap().context.selectedId).toBe('b');
    const failing = start({ bots: [bot('a')], files: {} });
    failing.load.mockRejectedValueOnce(new Error('Gone'));
    await failing.settle();
    expect(failing.snap().value).toBe('botFailed');
    failing.actor.send({ type: 'load.retried' });
    await failing.settle();
    expect(failing.snap().hasTag('editing')).toBe(true);
  });
});

describe('bot editor: style settings', () => {
  it('a changed setting is unsaved, goes with the save, and Discard changes brings the saved one back', async () => {
    const { actor, snap, settle, update } = start({ bots: three });
    await settle();
    actor.send({ type: 'setting.changed', setting: 'tone', value: 'friendly' });
    actor.send({ type: 'setting.changed', setting: 'useEmoji', value: true });
    expect(hasUnsavedChanges(snap())).toBe(true);
    actor.send({ type: 'changes.discarded' });
    expect(snap().context.form.settings).toEqual(BOT_SETTINGS_DEFAULTS);
    actor.send({ type: 'setting.changed', setting: 'welcomeMessage', value: '  Hi there!  ' });
    actor.send({ type: 'save.requested' });
    await settle();
    expect(update.mock.calls[0]?.[0].body.settings).toEqual({
      ...BOT_SETTINGS_DEFAULTS,
      welcomeMessage: 'Hi there!',
    });
  });

  it('keeps the knowledge weight on its 0.1 grid and the messages within 1000 characters', async () => {
    const { actor, snap, settle } = start({ bots: three });
    await settle();
    actor.send({ type: 'setting.changed', setting: 'knowledgeWeight', value: 0.73 });
    actor.send({ type: 'setting.changed', setting: 'fallbackMessage', value: 'x'.repeat(1200) });
    expect(snap().context.form.settings.knowledgeWeight).toBe(0.7);
    expect(snap().context.form.settings.fallbackMessage).toHaveLength(1000);
  });
});

describe('bot editor: prompt history and optimisation', () => {
  const versions = {
    a: [
      { id: 'v1', prompt: 'First prompt', createdAt: '2026-10-01T10:00:00.000Z' },
      {
        id: 'v2',
        prompt: 'You are the customer service assistant of Acme.',
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    ],
  };
  const tagsOf = (s: ReturnType<ReturnType<typeof start>['snap']>) =>
    entriesOf(s.context).map((e) => [e.prompt, e.tags]);

  it('lists the saved versions, newest in use, the one before the last save, and the initial one', async () => {
    const { snap, settle, set } = start({ bots: three, versions });
    await settle();
    expect(tagsOf(snap())).toEqual([
      ['You are the customer service assistant of Acme.', ['inUse']],
      ['First prompt', ['beforeLastSave', 'initial']],
    ]);
    set('prompt', 'Draft');
    expect(tagsOf(snap())[0]).toEqual(['Draft', ['unsaved']]);
  });

  it('a restore puts the version in the editor, unsaved, and keeps the text it replaced', async () => {
    const { actor, snap, settle, set } = start({ bots: three, versions });
    await settle();
    set('prompt', 'My draft');
    actor.send({ type: 'history.restored', key: 'version:v1:0' });
    expect(snap().context.form.prompt).toBe('First prompt');
    expect(hasUnsavedChanges(snap())).toBe(true);
    expect(tagsOf(snap())).toContainEqual(['My draft', ['beforeRestore']]);
    // Unknown keys and the text already in the editor change nothing.
    expect(snap().can({ type: 'history.restored', key: 'version:v1:0' })).toBe(false);
    expect(snap().can({ type: 'history.restored', key: 'nope' })).toBe(false);
  });

  it('a save records a version with the time the server gives', async () => {
    const { actor, snap, settle, set } = start({ bots: three, versions });
    await settle();
    set('prompt', 'Third prompt');
    actor.send({ type: 'save.requested' });
    await settle();
    const [newest, previous] = entriesOf(snap().context);
    expect(newest).toMatchObject({ prompt: 'Third prompt', tags: ['inUse'], at: '2026-11-20T10:00:00.000Z' });
    expect(previous?.tags).toEqual(['beforeLastSave']);
  });

  it('without the server history, it starts from the prompt as opened and says it is partial', async () => {
    const { snap, settle } = start({ bots: three });
    await settle();
    expect(snap().context.history.older).toBe('failed');
    expect(tagsOf(snap())).toEqual([
      ['You are the customer service assistant of Acme.', ['inUse', 'initial']],
    ]);
  });

  it('asks the optimiser with the prompt in the editor, never a blank one; Apply replaces it, undoably', async () => {
    const heard = vi.fn();
    const { actor, snap, settle, set } = start({ bots: three, versions, optimizerHeard: heard });
    await settle();
    set('prompt', ' ');
    actor.send({ type: 'prompt.optimiseRequested' });
    expect(heard).not.toHaveBeenCalled();
    set('prompt', 'Be nice');
    actor.send({ type: 'prompt.optimiseRequested' });
    expect(heard).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'optimise.started', prompt: 'Be nice' }),
    );
    actor.send({ type: 'prompt.optimised', prompt: '# Role\nBe nice, always.' });
    expect(snap().context.form.prompt).toBe('# Role\nBe nice, always.');
    expect(tagsOf(snap())).toContainEqual(['Be nice', ['beforeOptimisation']]);
    actor.send({ type: 'history.restored', key: 'replaced' });
    expect(snap().context.form.prompt).toBe('Be nice');
  });
});

describe('bot editor: deleting', () => {
  it('asks, deletes, says so, and reads the list again: the next bot opens and New is back', async () => {
    const { actor, snap, settle, list } = start({ bots: three });
    await settle();
    expect(snap().can({ type: 'bot.newRequested' })).toBe(false);
    actor.send({ type: 'bot.deleteRequested' });
    expect(snap().hasTag('confirmingDelete')).toBe(true);
    expect(snap().can({ type: 'save.requested' })).toBe(false);
    await settle();
    const question = snap().children.botDelete as AnyActorRef;
    expect(question.getSnapshot().context.linked).toEqual([
      { id: mainLine.id, instanceName: mainLine.instanceName },
    ]);
    question.send({ type: 'delete.confirmed' });
    await settle();
    expect(toasts).toContainEqual({ variant: 'success', title: m.deleted });
    expect(list).toHaveBeenCalledTimes(2);
    expect(snap().context.bots.map((b) => b.name)).toEqual(['Leo', 'Nova']);
    expect(snap().context.selectedId).toBe('b');
    expect(snap().can({ type: 'bot.newRequested' })).toBe(true);
  });

  it('cancelling leaves the bot and the form as they were; new mode offers no delete', async () => {
    const { actor, snap, settle, set } = start({ bots: three });
    await settle();
    set('name', 'Changed');
    actor.send({ type: 'bot.deleteRequested' });
    (snap().children.botDelete as AnyActorRef).send({ type: 'delete.cancelled' });
    expect(snap().hasTag('confirmingDelete')).toBe(false);
    expect(snap().context.form.name).toBe('Changed');
    const fresh = start();
    await fresh.settle();
    expect(fresh.snap().can({ type: 'bot.deleteRequested' })).toBe(false);
  });
});

describe('bot editor: saving', () => {
  it('refuses a save in the spec order, each as a save-failed toast, without calling the server', async () => {
    const { actor, snap, set, settle, create } = start({ bots: [bot('a', { name: 'Ava' })] });
    await settle();
    actor.send({ type: 'bot.newRequested' });
    expect(snap().hasTag('new')).toBe(true);
    const refused: BotField[] = [];
    actor.on('save.refused', ({ field }) => refused.push(field));
    const save = () => actor.send({ type: 'save.requested' });
    save();
    set('name', '   ');
    save();
    set('name', ' ava ');
    save();
    set('model', 'gpt-4o');
    save();
    set('prompt', 'You are the assistant of Acme.');
    save();
    set('name', 'Ava 2');
    set('maxTokens', '12.5');
    save();
    expect(toasts).toEqual([
      { variant: 'error', title: m.saveFailed, description: m.nameEmpty },
      { variant: 'error', title: m.saveFailed, description: m.nameEmpty },
      { variant: 'error', title: m.saveFailed, description: m.modelEmpty },
      { variant: 'error', title: m.saveFailed, description: m.promptEmpty },
      { variant: 'error', title: m.saveFailed, description: m.nameTaken },
      { variant: 'error', title: m.saveFailed, description: m.maxTokensInvalid },
    ]);
    // The view hears each refusal with its field, to show that field.
    expect(refused).toEqual(['name', 'name', 'model', 'prompt', 'name', 'maxTokens']);
    expect(snap().context.invalidField).toBe('maxTokens');
    set('maxTokens', '512');
    expect(snap().context.invalidField).toBeNull();
    await settle();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates with the user id, temperature as a string, max tokens as a number and the file ids', async () => {
    const { actor, snap, set, settle, create, list, uploads } = start();
    await settle();
    set('name', '  Support desk ');
    set('model', 'gpt-4.1');
    set('prompt', 'You are the customer service assistant of Acme.');
    actor.send({ type: 'temperature.changed', value: 0.30000000000000004 });
    set('maxTokens', '1024');
    uploads().send({
      type: 'files.added',
      files: [new File(['a'], 'faq.txt'), new File(['b'], 'prices.pdf')],
    });
    await settle();
    expect(snap().context.form.knowledge.map((f) => f.name)).toEqual(['faq.txt', 'prices.pdf']);
    expect(hasUnsavedChanges(snap())).toBe(true);
    actor.send({ type: 'save.requested' });
    expect(snap().hasTag('saving')).toBe(true);
    expect(snap().can({ type: 'save.requested' })).toBe(false);
    await settle();
    expect(create).toHaveBeenCalledWith({
      userId: 'user-1',
      body: {
        name: 'Support desk',
        description: null,
        prompt: 'You are the customer service assistant of Acme.',
        platform: 'openai',
        model: 'gpt-4.1',
        temperature: '0.3',
        maxTokens: 1024,
        stop: null,
        type: 'chat',
        knowledgeBaseIds: ['kf-faq.txt', 'kf-prices.pdf'],
        settings: BOT_SETTINGS_DEFAULTS,
      },
    });
    // Then the list is read again, the new bot is the one edited, and it counts as saved.
    expect(list).toHaveBeenCalledTimes(2);
    expect(snap().hasTag('editing')).toBe(true);
    expect(snap().context.selectedId).toBe('new-1');
    expect(snap().context.bots.map((b) => b.name)).toEqual(['Support desk']);
    expect(toasts).toEqual([{ variant: 'success', title: m.saved }]);
    expect(hasUnsavedChanges(snap())).toBe(false);
  });

  it('updates in edit mode; its own name is not a duplicate, another bot’s is', async () => {
    const { actor, set, settle, update } = start({ bots: three });
    await settle();
    set('prompt', 'New prompt');
    actor.send({ type: 'save.requested' });
    await settle();
    expect(update).toHaveBeenCalledWith({
      id: 'a',
      body: expect.objectContaining({
        name: 'Ava',
        prompt: 'New prompt',
        temperature: '0.5',
        maxTokens: 1024,
      }),
    });
    set('name', 'LEO');
    actor.send({ type: 'save.requested' });
    expect(toasts.at(-1)).toEqual({ variant: 'error', title: m.saveFailed, description: m.nameTaken });
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('keeps every edit when the server refuses, with its message or Unknown error', async () => {
    const { actor, snap, set, settle } = start({
      bots: [bot('a')],
      update: async () => {
        throw new Error('Your plan allows 3 knowledge files per chatbot');
      },
    });
    await settle();
    set('name', 'Renamed');
    set('prompt', 'Edited prompt');
    actor.send({ type: 'save.requested' });
    await settle();
    expect(snap().hasTag('editing')).toBe(true);
    expect(snap().matches({ ready: { mode: { editing: 'idle' } } })).toBe(true);
    expect(snap().context.form).toMatchObject({ name: 'Renamed', prompt: 'Edited prompt' });
    expect(hasUnsavedChanges(snap())).toBe(true);
    expect(toasts).toEqual([
      {
        variant: 'error',
        title: m.settingsFailed,
        description: 'Your plan allows 3 knowledge files per chatbot',
      },
    ]);
    const odd = start({
      bots: [bot('a')],
      update: () => Promise.reject('???'),
    });
    await odd.settle();
    odd.set('prompt', 'x');
    odd.actor.send({ type: 'save.requested' });
    await odd.settle();
    expect(toasts.at(-1)?.description).toEqual(expect.objectContaining({ message: 'Unknown error' }));
  });

  it('does nothing without a signed-in user id, and saves once one arrives', async () => {
    const { actor, snap, set, settle, create } = start({ userId: null });
    await settle();
    set('name', 'A');
    set('model', 'gpt-4o');
    set('prompt', 'P');
    expect(snap().can({ type: 'save.requested' })).toBe(false);
    actor.send({ type: 'save.requested' });
    await settle();
    expect(create).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    actor.send({ type: 'user.changed', userId: 'user-9' });
    actor.send({ type: 'save.requested' });
    await settle();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ userId: 'user-9' }));
  });

  it('keeps edits made while the save was on its way', async () => {
    let finish: (b: Chatbot) => void = () => {};
    const { actor, snap, set, settle } = start({
      bots: [bot('a')],
      update: ({ id, body }) =>
        new Promise((resolve) => {
          finish = () => resolve(bot(id, { ...body }));
        }),
    });
    await settle();
    set('prompt', 'first');
    actor.send({ type: 'save.requested' });
    set('prompt', 'second');
    finish(bot('a'));
    await settle();
    expect(snap().context.form.prompt).toBe('second');
    expect(snap().context.saved.prompt).toBe('first');
    expect(hasUnsavedChanges(snap())).toBe(true);
  });
});

describe('bot editor: a prompt that still says [Company Name]', () => {
  const templated = `You are the assistant of ${COMPANY_PLACEHOLDER}. Thank you for choosing ${COMPANY_PLACEHOLDER}!`;
  /** xstate's waitFor: a 10 s ceiling only a hang reaches. */
  const until = (actor: AnyActorRef, done: (s: Snap) => boolean) =>
    waitFor(actor, (s) => done(s as Snap), { timeout: 10_000 });

  it('finds the placeholder however it is cased or spaced, and fills every one', () => {
    expect(['[Company Name]', 'x [company name] y', '[ Company  NAME ]'].every(hasCompanyPlaceholder)).toBe(
      true,
    );
    expect(['Company Name', '[Company]', '{Company Name}', ''].some(hasCompanyPlaceholder)).toBe(false);
    expect(fillCompanyName(templated, '  Acme $& Co  ')).toBe(
      'You are the assistant of Acme $& Co. Thank you for choosing Acme $& Co!',
    );
  });

  it('asks before saving it; Cancel goes back to editing with nothing sent and nothing lost', async () => {
    const { actor, snap, set, settle, update } = start({ bots: [bot('a')] });
    await settle();
    set('prompt', templated);
    actor.send({ type: 'save.requested' });
    expect(snap().hasTag('confirmingPlaceholder')).toBe(true);
    expect(snap().matches({ ready: { mode: { editing: 'placeholder' } } })).toBe(true);
    // Nothing is on its way, and Save is not offered twice.
    expect(snap().hasTag('saving')).toBe(false);
    expect(snap().can({ type: 'save.requested' })).toBe(false);
    expect(snap().context.submitted).toBeNull();
    actor.send({ type: 'placeholder.cancelled' });
    expect(snap().matches({ ready: { mode: { editing: 'idle' } } })).toBe(true);
    expect(snap().context.form.prompt).toBe(templated);
    expect(hasUnsavedChanges(snap())).toBe(true);
    await settle();
    expect(update).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('fills in the company name everywhere, then saves', async () => {
    const { actor, snap, set, settle, update } = start({ bots: [bot('a')] });
    await settle();
    set('prompt', templated);
    actor.send({ type: 'save.requested' });
    // A name is needed.
    expect(snap().can({ type: 'placeholder.filled', company: '   ' })).toBe(false);
    actor.send({ type: 'placeholder.filled', company: '   ' });
    expect(snap().hasTag('confirmingPlaceholder')).toBe(true);
    actor.send({ type: 'placeholder.filled', company: ' Acme Outdoor ' });
    await until(actor, (s) => s.matches({ ready: { mode: { editing: 'idle' } } }));
    const filled = 'You are the assistant of Acme Outdoor. Thank you for choosing Acme Outdoor!';
    expect(update.mock.calls[0]?.[0].body.prompt).toBe(filled);
    expect(snap().context.form.prompt).toBe(filled);
    expect(hasUnsavedChanges(snap())).toBe(false);
    expect(toasts).toContainEqual({ variant: 'success', title: m.saved });
  });

  it('saves it as it is when asked to, in new mode too; a prompt without it saves at once', async () => {
    const { actor, snap, set, settle, create, update } = start({ bots: [bot('a')] });
    await settle();
    actor.send({ type: 'bot.newRequested' });
    set('name', 'Fresh');
    set('model', 'gpt-4o');
    set('prompt', templated);
    actor.send({ type: 'save.requested' });
    expect(snap().matches({ ready: { mode: { new: 'placeholder' } } })).toBe(true);
    actor.send({ type: 'placeholder.ignored' });
    await until(actor, (s) => s.matches({ ready: { mode: { editing: 'idle' } } }));
    expect(create.mock.calls[0]?.[0].body.prompt).toBe(templated);
    // Saved as it is, it asks again at the next save; a prompt without it does not ask.
    set('name', 'Fresh 2');
    actor.send({ type: 'save.requested' });
    expect(snap().hasTag('confirmingPlaceholder')).toBe(true);
    actor.send({ type: 'placeholder.cancelled' });
    set('prompt', 'You are the assistant of Acme.');
    actor.send({ type: 'save.requested' });
    expect(snap().hasTag('confirmingPlaceholder')).toBe(false);
    await until(actor, (s) => s.matches({ ready: { mode: { editing: 'idle' } } }));
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('checks the form again when answered: one that changed meanwhile and breaks a rule is not sent', async () => {
    const { actor, snap, set, settle, update } = start({ bots: [bot('a')] });
    await settle();
    set('prompt', templated);
    actor.send({ type: 'save.requested' });
    set('name', ' ');
    actor.send({ type: 'placeholder.filled', company: 'Acme' });
    expect(snap().matches({ ready: { mode: { editing: 'idle' } } })).toBe(true);
    expect(snap().context).toMatchObject({ invalidField: 'name', submitted: null });
    // Refused, nothing was filled in either.
    expect(snap().context.form.prompt).toBe(templated);
    expect(toasts).toEqual([{ variant: 'error', title: m.saveFailed, description: m.nameEmpty }]);
    await settle();
    expect(update).not.toHaveBeenCalled();
  });

  it('says a rule the form breaks first: the question comes only for a form that can be saved', async () => {
    const { actor, snap, set, settle } = start({ bots: [bot('a')] });
    await settle();
    set('prompt', templated);
    set('name', ' ');
    actor.send({ type: 'save.requested' });
    expect(snap().hasTag('confirmingPlaceholder')).toBe(false);
    expect(toasts).toEqual([{ variant: 'error', title: m.saveFailed, description: m.nameEmpty }]);
  });
});

describe('bot editor: switching, new, discard changes, templates, knowledge', () => {
  it('offers New only below 3 bots', async () => {
    const full = start({ bots: three });
    await full.settle();
    expect(full.snap().can({ type: 'bot.newRequested' })).toBe(false);
    const two = start({ bots: three.slice(0, 2) });
    await two.settle();
    expect(two.snap().can({ type: 'bot.newRequested' })).toBe(true);
    two.actor.send({ type: 'bot.newRequested' });
    expect(two.snap().hasTag('new')).toBe(true);
    expect(two.snap().context.selectedId).toBeNull();
    // Already new: nothing to do.
    expect(two.snap().can({ type: 'bot.newRequested' })).toBe(false);
  });

  it('asks before leaving unsaved changes for another bot or New, and stays on cancel', async () => {
    const { actor, snap, set, settle, load } = start({ bots: three.slice(0, 2) });
    await settle();
    set('name', 'Changed');
    actor.send({ type: 'bot.selected', id: 'b' });
    expect(snap().hasTag('confirmingSwitch')).toBe(true);
    actor.send({ type: 'switch.cancelled' });
    expect(snap().hasTag('confirmingSwitch')).toBe(false);
    expect(snap().context).toMatchObject({ selectedId: 'a', pendingSwitch: null });
    expect(snap().context.form.name).toBe('Changed');
    actor.send({ type: 'bot.newRequested' });
    actor.send({ type: 'switch.confirmed' });
    expect(snap().hasTag('new')).toBe(true);
    expect(snap().context.form.name).toBe('');
    set('name', 'Draft');
    actor.send({ type: 'bot.selected', id: 'b' });
    actor.send({ type: 'switch.confirmed' });
    await settle();
    expect(load).toHaveBeenLastCalledWith('b');
    expect(snap().context.form.name).toBe('Leo');
    // Without changes it goes straight away.
    actor.send({ type: 'bot.selected', id: 'a' });
    expect(snap().hasTag('botLoading')).toBe(true);
  });

  it('discards changes: back to the last saved version, or the defaults in new mode, dropping uploads', async () => {
    const { actor, snap, set, settle, uploads } = start({ bots: [bot('a')] });
    await settle();
    expect(snap().can({ type: 'changes.discarded' })).toBe(false);
    set('name', 'Changed');
    actor.send({ type: 'temperature.changed', value: 1 });
    actor.send({ type: 'changes.discarded' });
    expect(snap().context.form).toMatchObject({ name: 'Bot a', temperature: 0.5 });
    actor.send({ type: 'bot.newRequested' });
    set('name', 'Draft');
    set('maxTokens', '99');
    uploads().send({ type: 'files.added', files: [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')] });
    actor.send({ type: 'changes.discarded' });
    expect(snap().context.form).toMatchObject({ name: '', maxTokens: '2048', temperature: 0.7 });
    expect(uploads().getSnapshot().context.items).toEqual([]);
    await settle();
    expect(snap().context.form.knowledge).toEqual([]);
  });

  it('fills an empty prompt from a template at once, and asks before replacing text', async () => {
    const { actor, snap } = start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'template.chosen', prompt: 'Template A' });
    expect(snap().context.form.prompt).toBe('Template A');
    actor.send({ type: 'template.chosen', prompt: 'Template B' });
    expect(snap().hasTag('confirmingTemplate')).toBe(true);
    actor.send({ type: 'template.cancelled' });
    expect(snap().context.form.prompt).toBe('Template A');
    actor.send({ type: 'template.chosen', prompt: 'Template B' });
    actor.send({ type: 'template.confirmed' });
    expect(snap().context.form.prompt).toBe('Template B');
    expect(snap().context.pendingTemplate).toBeNull();
  });

  it('removes a knowledge file from the form (saved only with the bot)', async () => {
    const { actor, snap, settle } = start({ bots: [bot('a', { KnowledgeBaseFile: [kb('k1'), kb('k2')] })] });
    await settle();
    actor.send({ type: 'knowledge.removed', id: 'k1' });
    expect(snap().context.form.knowledge.map((f) => f.knowledgeFileId)).toEqual(['k2']);
    expect(hasUnsavedChanges(snap())).toBe(true);
    actor.send({ type: 'changes.discarded' });
    expect(snap().context.form.knowledge.map((f) => f.knowledgeFileId)).toEqual(['k1', 'k2']);
  });
});

describe('bot editor: the test chat', () => {
  it('runs for the saved bot open, starts again for another, and none runs in new mode', async () => {
    const { actor, snap, settle } = start({ bots: three.slice(0, 2) });
    await settle();
    const chat = () => snap().children.testChat as AnyActorRef | undefined;
    const first = chat();
    expect(first?.getSnapshot().context.botId).toBe('a');
    actor.send({ type: 'bot.selected', id: 'b' });
    expect(chat()).toBeUndefined();
    await settle();
    expect(chat()?.getSnapshot().context.botId).toBe('b');
    expect(chat()).not.toBe(first);
    actor.send({ type: 'bot.newRequested' });
    expect(snap().hasTag('new')).toBe(true);
    expect(chat()).toBeUndefined();
  });
});

describe('bot form helpers', () => {
  it('snaps temperatures to the 0.1 grid within 0 and 1', () => {
    expect([toTemperature('0.7'), toTemperature('1.5'), toTemperature(-1), toTemperature('x')]).toEqual([
      0.7, 1, 0, 0.7,
    ]);
    expect(toTemperature(0.35000001)).toBe(0.4);
  });

  it('sends temperature with one decimal, even for 0 and 1', () => {
    const extras = { description: null, platform: 'openai', stop: null, type: 'chat' };
    const form = { ...defaultForm(), name: 'a', model: 'm', prompt: 'p', maxTokens: '5' };
    expect(toBody({ ...form, temperature: 0 }, extras).temperature).toBe('0.0');
    expect(toBody({ ...form, temperature: 1 }, extras).temperature).toBe('1.0');
  });
});

describe('bot editor: the address', () => {
  function started(fakes: Fakes = {}, input: { botId?: string | null; tab?: 'basic' | 'prompt' } = {}) {
    const t = start({ bots: three, ...fakes, ...input });
    const shown: { url: string; replace: boolean }[] = [];
    t.actor.on('url.show', ({ url, replace }) => shown.push({ url, replace }));
    return { ...t, shown };
  }
  const at = (botId: string | null, tab: 'basic' | 'prompt' | 'test' = 'basic') =>
    ({ type: 'url.changed', botId, tab }) as const;

  it('writes the bot as one encoded segment and the tab when it is not the first', () => {
    expect(botSettingsUrl({ botId: null, tab: 'basic' })).toBe('/bot-settings');
    expect(botSettingsUrl({ botId: 'b', tab: 'prompt' })).toBe('/bot-settings/b?tab=prompt');
    for (const id of ['..', 'a/b', '<script>', 'x'.repeat(3000)])
      expect(decodeURIComponent(botSettingsUrl({ botId: id, tab: 'basic' }).slice(14))).toBe(id);
    expect(toBotTab('knowledge')).toBe('knowledge');
    expect(toBotTab('<b>')).toBe('basic');
  });

  it('opens the bot and tab a copied address names, and names the first bot in place of none', async () => {
    const a = started({}, { botId: 'b', tab: 'prompt' });
    await a.settle();
    expect(a.snap().context.selectedId).toBe('b');
    expect(a.snap().context.tab).toBe('prompt');
    expect(a.shown).toEqual([]);
    const b = started();
    await b.settle();
    expect(b.snap().context.selectedId).toBe('a');
    expect(b.shown).toEqual([{ url: '/bot-settings/a', replace: true }]);
  });

  it('says "not found" for a bot the user does not have, without loading it, and leads back', async () => {
    const t = started({}, { botId: 'bot-of-someone-else' });
    await t.settle();
    expect(t.snap().hasTag('botNotFound')).toBe(true);
    expect(t.load).not.toHaveBeenCalled();
    expect(t.snap().context.url).toBe('/bot-settings/bot-of-someone-else');
    t.actor.send({ type: 'bot.listRequested' });
    await t.settle();
    expect(t.snap().context.selectedId).toBe('a');
    expect(t.shown).toEqual([{ url: '/bot-settings/a', replace: false }]);
  });

  it('pushes an entry per bot and per tab chosen, and follows Back and Forward', async () => {
    const t = started();
    await t.settle();
    t.shown.length = 0;
    t.actor.send({ type: 'tab.selected', tab: 'prompt' });
    t.actor.send({ type: 'bot.selected', id: 'b' });
    await t.settle();
    expect(t.shown).toEqual([
      { url: '/bot-settings/a?tab=prompt', replace: false },
      { url: '/bot-settings/b?tab=prompt', replace: false },
    ]);
    t.shown.length = 0;
    t.actor.send(at('a', 'prompt'));
    await t.settle();
    expect(t.snap().context.selectedId).toBe('a');
    t.actor.send(at('a'));
    expect(t.snap().context.tab).toBe('basic');
    t.actor.send(at('nope'));
    expect(t.snap().hasTag('botNotFound')).toBe(true);
    // Following the address never writes it back.
    expect(t.shown).toEqual([]);
  });

  it('asks before Back leaves unsaved changes for another bot, and names this bot again if the user stays', async () => {
    const t = started();
    await t.settle();
    t.set('name', 'Changed');
    t.shown.length = 0;
    t.actor.send(at('b'));
    expect(t.snap().hasTag('confirmingSwitch')).toBe(true);
    t.actor.send({ type: 'switch.cancelled' });
    expect(t.snap().context.selectedId).toBe('a');
    expect(t.snap().context.form.name).toBe('Changed');
    expect(t.shown).toEqual([{ url: '/bot-settings/a', replace: false }]);
    // Unsaved changes stay for a bot that is not there either.
    t.actor.send(at('nope'));
    expect(t.snap().hasTag('botNotFound')).toBe(false);
    expect(t.snap().context.form.name).toBe('Changed');
    t.actor.send(at('b'));
    t.actor.send({ type: 'switch.confirmed' });
    await t.settle();
    expect(t.snap().context.selectedId).toBe('b');
    expect(t.snap().context.url).toBe('/bot-settings/b');
  });

  it('opens the tab of a field a save refuses, in place of the tab shown', async () => {
    const t = started();
    await t.settle();
    t.actor.send({ type: 'tab.selected', tab: 'test' });
    t.set('prompt', ' ');
    t.shown.length = 0;
    t.actor.send({ type: 'save.requested' });
    expect(t.snap().context.tab).toBe('prompt');
    expect(t.shown).toEqual([{ url: '/bot-settings/a?tab=prompt', replace: true }]);
  });
});

describe('bot editor model', () => {
  // Coverage of the finer model (thousands of vertices) is tests/model-coverage.test.ts's; QA jumps go to
  // the ends of the QA model's paths, so that model must reach every state too.
  it('reaches every state in the QA model', () => {
    expect(
      stateCoverage(botEditorMachine, modelPaths(botEditorMachine, botEditorModel).shortest).missing,
    ).toEqual([]);
  });
});

type Snap = SnapshotFrom<typeof botEditorMachine>;
const serverError = 'Internal server error';
const [ava, leo] = demoBots;
const opens = [ava?.id, leo?.id];

/** Spec section 5, written out: what a save needs, and the message of the first rule a form breaks. */
const nameTaken = (s: Snap, name: string) =>
  s.context.bots.some(
    (b) => b.id !== s.context.selectedId && b.name.trim().toLowerCase() === name.trim().toLowerCase(),
  );
function refusal(s: Snap, form: BotForm = s.context.form): MessageDescriptor | null {
  if (!form.name.trim()) return m.nameEmpty;
  if (!form.model.trim()) return m.modelEmpty;
  if (!form.prompt.trim()) return m.promptEmpty;
  if (nameTaken(s, form.name)) return m.nameTaken;
  if (!/^\d+$/.test(form.maxTokens.trim()) || Number(form.maxTokens) <= 0) return m.maxTokensInvalid;
  return null;
}
const fieldOf: Record<string, BotField> = {
  [m.nameEmpty.id]: 'name',
  [m.nameTaken.id]: 'name',
  [m.modelEmpty.id]: 'model',
  [m.promptEmpty.id]: 'prompt',
  [m.maxTokensInvalid.id]: 'maxTokens',
};
const dirty = (s: Snap) => !sameForm(s.context.form, s.context.saved);

/** Outside the form: no dialog is pending. */
const noDialog = (s: Snap) => {
  expect(s.context.pendingTemplate).toBeNull();
  expect(s.context.pendingSwitch).toBeNull();
};

/** A save in flight sends the form as it was when Save was pressed, which passed every rule. */
const sendsSubmitted = (s: Snap) => {
  expect(s.context.submitted).not.toBeNull();
  expect(refusal(s, s.context.submitted ?? undefined)).toBeNull();
};

/** Either mode's form at rest: Save is offered to a signed-in user, and nothing is on its way. */
const formAtRest = {
  // Not while the delete question is open.
  enabled: (s: Snap) => (s.context.userId && !s.hasTag('confirmingDelete') ? ['save.requested'] : []),
  shows: (s: Snap) => expect(s.context.submitted).toBeNull(),
};

/**
 * Either mode's question before saving a prompt that still says [Company Name]: fill in a name (the model's is
 * not blank) and save, save anyway, or back to editing.
 */
const askingPlaceholder = {
  tags: ['confirmingPlaceholder'],
  enabled: (s: Snap) =>
    s.context.userId && !s.hasTag('confirmingDelete')
      ? ['placeholder.filled', 'placeholder.ignored', 'placeholder.cancelled']
      : ['placeholder.cancelled'],
  // Nothing is sent while it asks (the form may still change: the answer checks it again).
  shows: (s: Snap) => expect(s.context.submitted).toBeNull(),
};

/** Either mode's save: `src` gets the submitted form as a body, with what names the bot (`names`). */
const savingWith = (src: 'createBot' | 'updateBot', names: (s: Snap) => Record<string, unknown>) => ({
  tags: ['saving'],
  runs: {
    [src]: (input: unknown, s: Snap) =>
      expect(input).toEqual({
        ...names(s),
        body: toBody(s.context.submitted ?? s.context.form, s.context.extras),
      }),
  },
  shows: sendsSubmitted,
});

/**
 * The QA model's graph, told apart a little more: a refused save, a save in flight, and a form that breaks a
 * rule beyond the blank fields (a taken name, unreadable max tokens) are vertices of their own, so a refusal
 * the rules do not explain, a stale submission or a skipped rule shows. About 380 short paths.
 */
const viewModel: typeof botEditorModel = {
  ...botEditorModel,
  serialize: (snapshot) => {
    const s = snapshot as Snap;
    const c = s.context;
    const otherRule = refusal(s, { ...c.form, name: c.form.name || 'x', model: 'x', prompt: 'x' }) !== null;
    return [botEditorModel.serialize?.(snapshot), c.invalidField !== null, c.submitted !== null, otherRule];
  },
};

describeStateViews(
  viewModel,
  {
    '*': {
      // A tab can always be chosen, and the address can always change (Back, Forward, a link).
      enabled: ['user.changed', 'tab.selected', 'url.changed'],
      shows: (s: Snap) => {
        expect(s.context.userId).toBe(DEMO_OWNER.id);
        // The address names the bot asked for until it is found, else the open one (none in new mode).
        expect(s.context.url).toBe(
          botSettingsUrl({ botId: s.context.requestedId ?? s.context.selectedId, tab: s.context.tab }),
        );
      },
    },
    loading: {
      tags: ['loading'],
      runs: { listBots: (input: { userId: string }) => expect(input).toEqual({ userId: DEMO_OWNER.id }) },
      shows: (s: Snap) => {
        expect(s.context.bots).toEqual([]);
        noDialog(s);
      },
    },
    loadFailed: {
      tags: ['error'],
      enabled: ['load.retried'],
      shows: (s: Snap) => {
        expect(s.context.loadError).toBe(serverError);
        noDialog(s);
      },
    },
    // The address names a bot the user does not have: nothing of another bot shows; one of theirs, New below
    // the limit, or the list (the first, or a new one) leads back.
    notFound: {
      tags: ['botNotFound'],
      enabled: (s: Snap) => [
        'bot.listRequested',
        ...(s.context.bots.some((b) => opens.includes(b.id)) ? ['bot.selected'] : []),
        ...(s.context.bots.length < 3 ? ['bot.newRequested'] : []),
      ],
      shows: (s: Snap) => {
        expect(s.context.selectedId).toBeNull();
        expect(s.context.requestedId).not.toBeNull();
        expect(s.context.bots.map((b) => b.id)).not.toContain(s.context.requestedId);
        noDialog(s);
      },
    },
    // One of the listed bots is being opened; Back or Forward may name another listed one meanwhile.
    loadingBot: {
      tags: ['loading', 'botLoading'],
      enabled: (s: Snap) =>
        s.context.bots.some((b) => opens.includes(b.id) && b.id !== s.context.selectedId)
          ? ['bot.selected']
          : [],
      runs: {
        loadBot: (input: { id: string }, s: Snap) => expect(input).toEqual({ id: s.context.selectedId }),
      },
      shows: (s: Snap) => {
        // The first listed bot (Ava), or one the user picked: the model picks Ava or Leo, never Nova.
        expect(opens).toContain(s.context.selectedId);
        expect(s.context.bots.map((b) => b.id)).toContain(s.context.selectedId);
        noDialog(s);
      },
    },
    // Retry, another listed bot, or New below the limit of three.
    botFailed: {
      tags: ['error', 'botError'],
      enabled: (s: Snap) => [
        'load.retried',
        ...(s.context.bots.some((b) => opens.includes(b.id)) ? ['bot.selected'] : []),
        ...(s.context.bots.length < 3 ? ['bot.newRequested'] : []),
      ],
      shows: (s: Snap) => {
        expect(s.context.loadError).toBe(serverError);
        noDialog(s);
      },
    },
    startingNew: {},
    ready: {
      // The form can be edited in every mode, even while a save or a question is pending.
      enabled: (s: Snap) => [
        'field.changed',
        'temperature.changed',
        'setting.changed',
        'knowledge.uploaded',
        'knowledge.removed',
        // An applied optimisation always lands; asking for one needs a prompt to improve.
        'prompt.optimised',
        ...(s.context.form.prompt.trim() ? ['prompt.optimiseRequested'] : []),
        // Ava's first prompt, once her history is loaded and the editor holds something else.
        ...(s.context.history.versions[0]?.id === 'pv-first' &&
        s.context.form.prompt !== DEMO_BOTS.ava.firstPrompt
          ? ['history.restored']
          : []),
      ],
      runs: {
        uploads: (child: { status: string; value: unknown; context: { items: unknown[] } }) => {
          expect(child.status).toBe('active');
          expect(child.value).toBe('idle');
          expect(child.context.items).toEqual([]);
        },
        optimizer: (child: { status: string }) => expect(child.status).toBe('active'),
      },
      // A field marked invalid still breaks its rule, and the refusal was said in a toast.
      shows: (s: Snap) => {
        // An applied optimisation can be undone: the history holds a saved version or the text it replaced.
        if (s.context.form.prompt === 'Improved prompt')
          expect(s.context.history.replaced !== null || s.context.history.versions.length > 0).toBe(true);
        const field = s.context.invalidField;
        if (field === null) return;
        const said = toasts
          .filter((t) => t.variant === 'error' && t.title === m.saveFailed)
          .map((t) => fieldOf[(t.description as MessageDescriptor).id]);
        expect(said).toContain(field);
        const broken = (
          {
            name: !s.context.form.name.trim() || nameTaken(s, s.context.form.name),
            model: !s.context.form.model.trim(),
            prompt: !s.context.form.prompt.trim(),
            maxTokens: !/^\d+$/.test(s.context.form.maxTokens.trim()),
            temperature: false,
          } as Record<BotField, unknown>
        )[field];
        expect(broken, `${field} is marked invalid`).toBeTruthy();
      },
    },
    'ready.mode': {},
    'ready.mode.new': {
      tags: ['new'],
      shows: (s: Snap) => {
        expect(s.context.selectedId).toBeNull();
        expect(s.context.saved).toEqual(defaultForm());
      },
    },
    'ready.mode.new.idle': formAtRest,
    'ready.mode.new.placeholder': askingPlaceholder,
    'ready.mode.new.saving': savingWith('createBot', () => ({ userId: DEMO_OWNER.id })),
    'ready.mode.editing': {
      tags: ['editing'],
      // The open bot's external database, its test chat and its handoff settings (loaded with their tab).
      runs: {
        database: (child: { context: { botId: string } }, s: Snap) =>
          expect(child.context.botId).toBe(s.context.selectedId),
        testChat: (child: { context: { botId: string } }, s: Snap) =>
          expect(child.context.botId).toBe(s.context.selectedId),
        handoffSettings: (child: { context: { input: { botId: string } } }, s: Snap) =>
          expect(child.context.input.botId).toBe(s.context.selectedId),
        qaKnowledge: (child: { context: { input: { botId: string } } }, s: Snap) =>
          expect(child.context.input.botId).toBe(s.context.selectedId),
        unansweredQuestions: (child: { context: { input: { botId: string } } }, s: Snap) =>
          expect(child.context.input.botId).toBe(s.context.selectedId),
        retrievalTest: (child: { context: { input: { botId: string } } }, s: Snap) =>
          expect(child.context.input.botId).toBe(s.context.selectedId),
        sourcesKnowledge: (child: { context: { input: { botId: string } } }, s: Snap) =>
          expect(child.context.input.botId).toBe(s.context.selectedId),
      },
      shows: (s: Snap) => expect(s.context.selectedId).not.toBeNull(),
    },
    'ready.mode.editing.idle': formAtRest,
    'ready.mode.editing.placeholder': askingPlaceholder,
    'ready.mode.editing.saving': savingWith('updateBot', (s) => ({ id: s.context.selectedId })),
    // Saved: said in a toast, the saved bot is the one open and listed, and what Reset goes back to.
    'ready.mode.editing.reloading': {
      tags: ['saving'],
      runs: { listBots: (input: { userId: string }) => expect(input).toEqual({ userId: DEMO_OWNER.id }) },
      shows: (s: Snap) => {
        expect(toasts).toContainEqual({ variant: 'success', title: m.saved });
        expect(s.context.submitted).toBeNull();
        const savedBot = s.context.bots.find((b) => b.id === s.context.selectedId);
        expect(savedBot?.name).toBe('Fresh');
        expect(s.context.saved.name).toBe('Fresh');
      },
    },
    'ready.confirm': {},
    'ready.confirm.none': {
      enabled: (s: Snap) => {
        const saving = s.hasTag('saving');
        return [
          'template.chosen',
          // Another listed bot; New below three bots and not in new mode; Reset with changes; none while saving.
          ...(!saving && s.context.bots.some((b) => opens.includes(b.id) && b.id !== s.context.selectedId)
            ? ['bot.selected']
            : []),
          ...(!saving && !s.hasTag('new') && s.context.bots.length < 3 ? ['bot.newRequested'] : []),
          ...(!saving && dirty(s) ? ['changes.discarded'] : []),
          // Only a saved bot can be deleted.
          ...(!saving && !s.hasTag('new') ? ['bot.deleteRequested'] : []),
        ];
      },
      shows: noDialog,
    },
    // Deleting the open bot asks first, naming it (the question is its own machine).
    'ready.confirm.deleting': {
      tags: ['confirmingDelete'],
      runs: {
        botDelete: (child: { context: { botId: string; botName: string } }, s: Snap) =>
          expect(child.context).toMatchObject({ botId: s.context.selectedId, botName: s.context.saved.name }),
      },
      shows: (s: Snap) => {
        expect(s.context.selectedId).not.toBeNull();
        noDialog(s);
      },
    },
    // Replacing a prompt asks first.
    'ready.confirm.template': {
      tags: ['confirmingTemplate'],
      enabled: ['template.confirmed', 'template.cancelled'],
      shows: (s: Snap) => {
        expect(s.context.pendingTemplate).toBe('Template');
        expect(s.context.pendingSwitch).toBeNull();
      },
    },
    // Leaving unsaved changes asks first: for New or for another listed bot.
    'ready.confirm.switching': {
      tags: ['confirmingSwitch'],
      enabled: ['switch.confirmed', 'switch.cancelled'],
      shows: (s: Snap) => {
        const pending = s.context.pendingSwitch;
        if (pending?.kind === 'bot') {
          expect(opens).toContain(pending.id);
          expect(pending.id).not.toBe(s.context.selectedId);
        } else expect(pending).toEqual({ kind: 'new' });
        expect(s.context.pendingTemplate).toBeNull();
      },
    },
  },
  { replayIn: () => app },
);
