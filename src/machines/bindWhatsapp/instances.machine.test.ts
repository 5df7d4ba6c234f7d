import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { DEMO_BOTS } from '../../../mocks/seed';
import { startFlow, stopStandIns } from '../../../tests/appSystem';
import { describeStateViews, resourceViews } from '../../../tests/stateViews';
import type { Instance, InstanceUpdateBody } from '../../api/schemas/instances';
import type { UserMembership } from '../../api/schemas/membership';
import { sampleMembership } from '../../demo/qa/flowModels/billing.flowModel';
import {
  chatbotOptionsModel,
  instanceListModel,
  instancesModel,
  linkedInstance,
  sampleChatbots,
  sampleInstance,
} from '../../demo/qa/flowModels/instances.flowModel';
import type { ToastInput } from '../root/toasts/toasts.machine';
import { membershipMachine } from '../usageBilling/billing/membership';
import { instanceConnectionMachine } from './instanceConnection/instanceConnection.machine';
import {
  type ChatbotOption,
  chatbotOptionsMachine,
  instanceListMachine,
  instancesMachine,
} from './instances.machine';
import { instanceMessages } from './messages';
import { fullPlan } from './planRoom';

const instance = (id: string, over: Partial<Instance> = {}): Instance => ({
  id,
  instanceName: `Line ${id}`,
  chatbotId: 'bot-1',
  status: 1,
  instanceStatus: 'ready',
  qrCode: null,
  phoneNumber: '14155550123',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastActiveAt: '2026-11-22T08:00:00.000Z',
  ...over,
});
const bots: ChatbotOption[] = [
  { id: 'bot-1', name: 'Ava' },
  { id: 'bot-2', name: 'Leo' },
];

/** A call that never answers. */
const pending = <TInput>() => fromPromise<Instance, TInput>(() => new Promise(() => {}));

function start({
  list = async () => [instance('a'), instance('b', { chatbotId: null, status: 0 })],
  chatbots = async () => bots,
  save = async (id: string, body: InstanceUpdateBody) =>
    instance(id, { instanceName: body.instanceName, chatbotId: body.chatbotId }),
  logout = async () => ({ success: true }),
  membership = async () => ({ ...sampleMembership, instanceLimit: 3 }),
}: {
  list?: () => Promise<Instance[]>;
  chatbots?: () => Promise<ChatbotOption[]>;
  save?: (id: string, body: InstanceUpdateBody) => Promise<Instance>;
  logout?: (id: string) => Promise<unknown>;
  membership?: () => Promise<UserMembership>;
} = {}) {
  const spies = { list: vi.fn(list), chatbots: vi.fn(chatbots), save: vi.fn(save), logout: vi.fn(logout) };
  const flow = startFlow(
    instancesMachine.provide({
      actors: {
        instanceList: instanceListMachine.provide({ actors: { load: fromPromise(() => spies.list()) } }),
        chatbotOptions: chatbotOptionsMachine.provide({
          actors: { load: fromPromise(() => spies.chatbots()) },
        }),
        saveSettings: fromPromise(({ input }) => spies.save(input.id, input.body)),
        logout: fromPromise(({ input }) => spies.logout(input.id)),
        membership: membershipMachine.provide({ actors: { load: fromPromise(() => membership()) } }),
        // The dialog opens for real; its calls never answer (its own tests cover them).
        instanceConnection: instanceConnectionMachine.provide({
          actors: { createInstance: pending<unknown>(), pollInstance: pending<{ id: string }>() },
        }),
      },
    }),
    { input: { userId: 'u1' } },
  );
  // The page's resources, as its views read them.
  const listed = () =>
    flow.snap().children.instanceList?.getSnapshot() as SnapshotFrom<typeof instanceListMachine>;
  const chatbotList = () =>
    flow.snap().children.chatbotOptions?.getSnapshot() as SnapshotFrom<typeof chatbotOptionsMachine>;
  const dialog = () => flow.snap().children.instanceConnection?.getSnapshot().value as unknown;
  return { ...flow, spies, listed, chatbotList, dialog };
}

afterEach(() => stopStandIns());

/** The change under way goes through: its dialog (`tag`) closes, it is said, and the list is loaded again. */
async function expectChanged(t: ReturnType<typeof start>, tag: string, said: ToastInput['title']) {
  await t.settle();
  expect(t.snap().hasTag(tag)).toBe(false);
  expect(t.toasts).toEqual([{ variant: 'success', title: said }]);
  expect(t.spies.list).toHaveBeenCalledTimes(2);
}

describe('instances page', () => {
  it('loads the list and the chatbots side by side', async () => {
    const t = start();
    expect(t.listed().hasTag('loading')).toBe(true);
    expect(t.chatbotList().hasTag('loading')).toBe(true);
    await t.settle();
    expect(t.listed().context.data?.map((i) => i.id)).toEqual(['a', 'b']);
    // The page knows the listed instances, for Settings and Delete.
    expect(t.snap().context.instances.map((i) => i.id)).toEqual(['a', 'b']);
    expect(t.chatbotList().context.data).toEqual(bots);
  });

  it('a failing list shows its error with a toast, the chatbots still load, and a reload recovers', async () => {
    let fail = true;
    const t = start({
      list: () => (fail ? Promise.reject(new Error('Internal server error')) : Promise.resolve([])),
    });
    await t.settle();
    expect(t.listed().hasTag('failed')).toBe(true);
    expect(t.listed().context.error).toBe('Internal server error');
    expect(t.toasts).toEqual([
      { variant: 'error', title: instanceMessages.listFailed, description: 'Internal server error' },
    ]);
    expect(t.chatbotList().context.data).toEqual(bots);
    fail = false;
    t.actor.send({ type: 'list.reload' });
    await t.settle();
    expect(t.listed().hasTag('failed')).toBe(false);
    expect(t.listed().context.error).toBeNull();
  });

  it('failing chatbots stay in their own region and reload on request', async () => {
    let fail = true;
    const t = start({ chatbots: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve(bots)) });
    await t.settle();
    expect(t.chatbotList().hasTag('failed')).toBe(true);
    expect(t.snap().context.instances).toHaveLength(2);
    fail = false;
    t.snap().children.chatbotOptions?.send({ type: 'resource.retry' });
    await t.settle();
    expect(t.chatbotList().context.data).toEqual(bots);
  });

  it('renames an instance and changes its chatbot; Save needs both a name and a chatbot', async () => {
    const t = start();
    await t.settle();
    t.actor.send({ type: 'settings.opened', id: 'b' });
    expect(t.snap().hasTag('settingsOpen')).toBe(true);
    expect(t.snap().context).toMatchObject({ draftName: 'Line b', draftChatbotId: '' });
    expect(t.snap().can({ type: 'settings.saved' })).toBe(false);
    t.actor.send({ type: 'settings.chatbotChanged', value: 'bot-2' });
    t.actor.send({ type: 'settings.nameChanged', value: '  ' });
    expect(t.snap().can({ type: 'settings.saved' })).toBe(false);
    t.actor.send({ type: 'settings.nameChanged', value: ' Front desk ' });
    t.actor.send({ type: 'settings.saved' });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.snap().can({ type: 'settings.saved' })).toBe(false);
    expect(t.spies.save).toHaveBeenCalledWith('b', { instanceName: 'Front desk', chatbotId: 'bot-2' });
    await expectChanged(t, 'settingsOpen', instanceMessages.updated);
  });

  it('keeps the typed settings and shows the error when saving fails', async () => {
    const t = start({ save: () => Promise.reject(new Error('Chatbot not found')) });
    await t.settle();
    t.actor.send({ type: 'settings.opened', id: 'a' });
    t.actor.send({ type: 'settings.nameChanged', value: 'Desk' });
    t.actor.send({ type: 'settings.saved' });
    await t.settle();
    expect(t.snap().hasTag('settingsOpen')).toBe(true);
    expect(t.snap().context).toMatchObject({ draftName: 'Desk', settingsError: 'Chatbot not found' });
    t.actor.send({ type: 'settings.closed' });
    expect(t.snap().context).toMatchObject({ target: null, draftName: '', settingsError: null });
  });

  it('logs an instance out only after the confirmation', async () => {
    const t = start();
    await t.settle();
    t.actor.send({ type: 'delete.requested', id: 'a' });
    expect(t.snap().hasTag('confirmingDelete')).toBe(true);
    t.actor.send({ type: 'delete.cancelled' });
    expect(t.spies.logout).not.toHaveBeenCalled();
    t.actor.send({ type: 'delete.requested', id: 'a' });
    t.actor.send({ type: 'delete.confirmed' });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.spies.logout).toHaveBeenCalledWith('a');
    await expectChanged(t, 'confirmingDelete', instanceMessages.loggedOut);
  });

  it('says so when the logout fails', async () => {
    const t = start({ logout: () => Promise.reject(new Error('Engine unavailable')) });
    await t.settle();
    t.actor.send({ type: 'delete.requested', id: 'a' });
    t.actor.send({ type: 'delete.confirmed' });
    await t.settle();
    expect(t.toasts).toEqual([
      { variant: 'error', title: instanceMessages.logoutFailed, description: 'Engine unavailable' },
    ]);
    expect(t.snap().context.instances.map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('reloading the chatbots or the list keeps the open settings dialog and reloads only what was asked', async () => {
    const t = start();
    await t.settle();
    t.actor.send({ type: 'settings.opened', id: 'a' });
    t.actor.send({ type: 'settings.nameChanged', value: 'Desk' });
    t.snap().children.chatbotOptions?.send({ type: 'resource.reload' });
    expect(t.chatbotList().hasTag('loading')).toBe(true);
    t.actor.send({ type: 'list.reload' });
    expect(t.listed().hasTag('loading')).toBe(true);
    expect(t.snap().hasTag('settingsOpen')).toBe(true);
    expect(t.snap().context).toMatchObject({ target: { id: 'a' }, draftName: 'Desk' });
    await t.settle();
    expect(t.spies.chatbots).toHaveBeenCalledTimes(2);
    expect(t.spies.list).toHaveBeenCalledTimes(2);
    expect(t.chatbotList().context.data).toEqual(bots);
  });

  it('ignores actions on an instance it does not know', async () => {
    const t = start();
    await t.settle();
    expect(t.snap().can({ type: 'settings.opened', id: 'zzz' })).toBe(false);
    expect(t.snap().can({ type: 'delete.requested', id: 'zzz' })).toBe(false);
    expect(t.snap().can({ type: 'setup.resumed', id: 'zzz' })).toBe(false);
  });

  it('opens the connection dialog, or resumes a waiting number in it, while the plan has room', async () => {
    const waitingLine = instance('b', { status: 0, instanceStatus: 'qr', qrCode: '2@code' });
    const t = start({ list: async () => [instance('a'), waitingLine] });
    await t.settle();
    expect(t.snap().context.allowance).toEqual({ name: sampleMembership.name, instanceLimit: 3 });
    t.actor.send({ type: 'setup.resumed', id: 'b' });
    expect(t.dialog()).toMatchObject({ open: { link: { waiting: 'polling' } } });

    const added = start();
    await added.settle();
    added.actor.send({ type: 'add.requested' });
    expect(added.dialog()).toMatchObject({ open: { link: 'creating' } });
  });

  it('once every number the plan allows is connected, neither adds nor resumes one', async () => {
    const waitingLine = instance('b', { status: 0, instanceStatus: 'qr', qrCode: '2@code' });
    // Starter allows one: 'a' is online (authenticated counts too, as the server counts it).
    const t = start({
      list: async () => [instance('a'), waitingLine],
      membership: async () => ({ ...sampleMembership, instanceLimit: 1 }),
    });
    await t.settle();
    expect(t.snap().can({ type: 'add.requested' })).toBe(false);
    expect(t.snap().can({ type: 'setup.resumed', id: 'b' })).toBe(false);
    t.actor.send({ type: 'add.requested' });
    t.actor.send({ type: 'setup.resumed', id: 'b' });
    expect(t.dialog()).toBe('closed');

    // 'a' is deleted: there is room again.
    t.actor.send({ type: 'resource.loaded', id: instanceListMachine.id, data: [waitingLine] });
    expect(t.snap().can({ type: 'add.requested' })).toBe(true);
    t.actor.send({
      type: 'resource.loaded',
      id: instanceListMachine.id,
      data: [instance('c', { status: 0, instanceStatus: 'authenticated' }), waitingLine],
    });
    expect(t.snap().can({ type: 'add.requested' })).toBe(false);
  });

  it('leaves the limit to the server when it is unlimited or the membership cannot be read', async () => {
    const many = [instance('a'), instance('b'), instance('c')];
    const unlimited = start({
      list: async () => many,
      membership: async () => ({ ...sampleMembership, instanceLimit: -1 }),
    });
    await unlimited.settle();
    expect(unlimited.snap().can({ type: 'add.requested' })).toBe(true);

    const unknown = start({ list: async () => many, membership: () => Promise.reject(new Error('down')) });
    await unknown.settle();
    expect(unknown.snap().context.allowance).toBeNull();
    expect(unknown.snap().can({ type: 'add.requested' })).toBe(true);
    // Quietly: the page's limit is a convenience, not something to report.
    expect(unknown.toasts).toEqual([]);
  });
});

type Snap = SnapshotFrom<typeof instancesMachine>;
const serverError = 'Internal server error';
const noTarget = (s: Snap) =>
  expect(s.context).toMatchObject({ target: null, draftName: '', draftChatbotId: '', settingsError: null });

describeStateViews(instancesModel, {
  // The list and the chatbots load beside the page all along, and so does adding an instance, in its closed
  // dialog until opened. The page knows the list the resource last loaded: none yet, or the server's.
  '*': {
    // Adding, and resuming a listed number, while the plan has room (or its limit is not known).
    enabled: (s: Snap) => {
      const room = fullPlan(s.context.allowance, s.context.instances) === null;
      const listed = s.context.instances.some((i) => i.id === sampleInstance.id);
      return [
        'list.reload',
        'resource.loaded',
        'resource.failed',
        ...(room ? ['add.requested'] : []),
        ...(room && listed ? ['setup.resumed'] : []),
      ];
    },
    runs: {
      instanceList: () => {},
      membership: () => {},
      chatbotOptions: (child: { context: { params: unknown } }) =>
        expect(child.context.params).toEqual({ userId: instancesModel.input?.userId }),
      instanceConnection: (child: { value: unknown }) => expect(child.value).toBe('closed'),
    },
    shows: (s: Snap) => {
      expect([[], [sampleInstance], [linkedInstance]]).toContainEqual(s.context.instances);
      expect([null, { name: sampleMembership.name, instanceLimit: 1 }]).toContainEqual(s.context.allowance);
    },
  },
  idle: {
    // Settings and Delete are offered on an instance that is listed.
    enabled: (s: Snap) =>
      s.context.instances.some((i) => i.id === sampleInstance.id)
        ? ['settings.opened', 'delete.requested']
        : [],
    // No dialog open, and nothing of the last one kept.
    shows: noTarget,
  },
  editing: {
    tags: ['settingsOpen'],
    // Save needs a name and a chatbot.
    enabled: (s: Snap) => [
      'settings.nameChanged',
      'settings.chatbotChanged',
      'settings.closed',
      ...(s.context.draftName.trim() && s.context.draftChatbotId ? ['settings.saved'] : []),
    ],
    shows: (s: Snap) => {
      expect(s.context.target?.id).toBe(sampleInstance.id);
      // The dialog opens with the instance's own name and chatbot; the user may have changed them since.
      expect(['', 'Front desk', sampleInstance.instanceName]).toContain(s.context.draftName);
      expect([DEMO_BOTS.leo.id, sampleInstance.chatbotId]).toContain(s.context.draftChatbotId);
      expect([null, serverError]).toContain(s.context.settingsError);
    },
  },
  saving: {
    tags: ['settingsOpen', 'busy'],
    runs: {
      saveSettings: (input: { id: string; body: InstanceUpdateBody }, s: Snap) =>
        expect(input).toEqual({
          id: sampleInstance.id,
          body: { instanceName: s.context.draftName.trim(), chatbotId: s.context.draftChatbotId },
        }),
    },
    shows: (s: Snap) => {
      expect(s.context.draftName.trim()).not.toBe('');
      expect(s.context.settingsError).toBeNull();
    },
  },
  confirmingDelete: {
    tags: ['confirmingDelete'],
    enabled: ['delete.confirmed', 'delete.cancelled'],
    shows: (s: Snap) => {
      expect(s.context.target?.id).toBe(sampleInstance.id);
      expect(s.context).toMatchObject({ draftName: '', draftChatbotId: '', settingsError: null });
    },
  },
  deleting: {
    tags: ['confirmingDelete', 'busy'],
    runs: { logout: (input: { id: string }) => expect(input).toEqual({ id: sampleInstance.id }) },
    shows: (s: Snap) => expect(s.context.target?.id).toBe(sampleInstance.id),
  },
});

// A reload keeps the list on screen until the new one arrives.
describeStateViews(instanceListModel, resourceViews({ answers: [[sampleInstance]], error: serverError }));

describeStateViews(
  chatbotOptionsModel,
  resourceViews({
    answers: [sampleChatbots],
    error: serverError,
    params: chatbotOptionsModel.input?.params,
  }),
);
