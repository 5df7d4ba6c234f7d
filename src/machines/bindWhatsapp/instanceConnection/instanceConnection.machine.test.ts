import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { startFlow, stopStandIns } from '../../../../tests/appSystem';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { Instance, InstanceUpdateBody } from '../../../api/schemas/instances';
import {
  instanceConnectionModel,
  readyInstance,
  waitingInstance,
} from '../../../demo/qa/flowModels/instanceConnection.flowModel';
import { QR_MAX_POLL_FAILURES, QR_MAX_POLLS_WITHOUT_SCAN, QR_POLL_INTERVAL_MS } from '../../constants';
import { instanceMessages } from '../messages';
import { instanceConnectionMachine } from './instanceConnection.machine';

const waiting = (over: Partial<Instance> = {}): Instance => ({
  id: 'inst-9',
  instanceName: 'Instance 4',
  chatbotId: null,
  status: 0,
  instanceStatus: 'qr',
  qrCode: '2@code-1',
  phoneNumber: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  lastActiveAt: null,
  ...over,
});
const ready_ = (over: Partial<Instance> = {}) =>
  waiting({ status: 1, instanceStatus: 'ready', qrCode: null, phoneNumber: '14155550000', ...over });
const ready = ready_();

/** The server's refusal when a plan has no room for another connected number (the mock's rule, and a real one). */
const planRefusal = (endpoint: string) =>
  new ApiError({
    kind: 'http',
    endpoint,
    message: 'Forbidden',
    status: 403,
    body: {
      statusCode: 403,
      message: 'Your plan allows 1 connected instance (Starter). Upgrade to connect more numbers.',
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'instanceLimit', max: 1 },
    },
  });
const limitError = planRefusal('POST /whatsapp/create-instance');
const pollLimitError = planRefusal('GET /whatsapp/{id}');

/** A poll answer decided by the test, one call at a time. */
type Poll = (id: string, signal: AbortSignal) => Promise<Instance>;

function start({
  create = async () => waiting(),
  poll = async () => waiting(),
  save = async (_id: string, body: InstanceUpdateBody) => ready_({ instanceName: body.instanceName }),
  remove = async () => ({ success: true }),
}: {
  create?: () => Promise<Instance>;
  poll?: Poll;
  save?: (id: string, body: InstanceUpdateBody) => Promise<Instance>;
  remove?: (id: string) => Promise<unknown>;
} = {}) {
  const clock = new SimulatedClock();
  const createSpy = vi.fn(create);
  const pollSpy = vi.fn(poll);
  const saveSpy = vi.fn(save);
  const removeSpy = vi.fn(remove);
  const instanceCreated = vi.fn();
  const instanceSaved = vi.fn();
  const instanceRemoved = vi.fn();
  const flow = startFlow(
    instanceConnectionMachine.provide({
      actors: {
        createInstance: fromPromise(() => createSpy()),
        pollInstance: fromPromise(({ input, signal }) => pollSpy(input.id, signal)),
        saveInstance: fromPromise(({ input }) => saveSpy(input.id, input.body)),
        removeInstance: fromPromise(({ input }) => removeSpy(input.id)),
      },
      actions: { instanceCreated, instanceSaved, instanceRemoved },
    }),
    { clock },
  );
  /** One poll interval passes and its request answers. */
  const tick = async () => {
    clock.increment(QR_POLL_INTERVAL_MS);
    await flow.settle();
  };
  return {
    ...flow,
    clock,
    tick,
    createSpy,
    pollSpy,
    saveSpy,
    removeSpy,
    instanceCreated,
    instanceSaved,
    instanceRemoved,
  };
}

afterEach(() => stopStandIns());

describe('instance connection', () => {
  it('creates an instance, shows its code, polls every 5 s and stops once the phone is linked', async () => {
    const answers = [
      waiting({ qrCode: '2@code-2' }),
      waiting({ instanceStatus: 'authenticated', qrCode: null }),
    ];
    const t = start({ poll: async () => answers.shift() ?? ready });
    expect(t.snap().matches('closed')).toBe(true);
    t.actor.send({ type: 'dialog.opened' });
    expect(t.snap().hasTag('creating')).toBe(true);
    await t.settle();
    expect(t.createSpy).toHaveBeenCalledTimes(1);
    expect(t.instanceCreated).toHaveBeenCalledTimes(1);
    expect(t.snap().hasTag('waiting')).toBe(true);
    expect(t.snap().context).toMatchObject({ qrCode: '2@code-1', name: 'Instance 4', chatbotId: '' });

    t.clock.increment(QR_POLL_INTERVAL_MS - 1);
    expect(t.pollSpy).not.toHaveBeenCalled();
    t.clock.increment(1);
    expect(t.pollSpy).toHaveBeenCalledWith('inst-9', expect.any(AbortSignal));
    await t.settle();
    expect(t.snap().context.qrCode).toBe('2@code-2');

    // authenticated counts as linked, like ready.
    await t.tick();
    expect(t.snap().hasTag('connected')).toBe(true);
    expect(t.snap().context.qrCode).toBeNull();
    expect(t.pollSpy).toHaveBeenCalledTimes(2);
    t.clock.increment(QR_POLL_INTERVAL_MS * 10);
    expect(t.pollSpy).toHaveBeenCalledTimes(2);
  });

  it('gives up with "code expired" after QR_MAX_POLLS_WITHOUT_SCAN polls, and a retry polls again', async () => {
    const t = start();
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    for (let i = 0; i < QR_MAX_POLLS_WITHOUT_SCAN; i++) await t.tick();
    expect(t.pollSpy).toHaveBeenCalledTimes(QR_MAX_POLLS_WITHOUT_SCAN);
    expect(t.snap().hasTag('expired')).toBe(true);
    expect(t.snap().context.qrCode).toBeNull();
    // Nothing spins on: no more polls while expired.
    t.clock.increment(QR_POLL_INTERVAL_MS * 10);
    expect(t.pollSpy).toHaveBeenCalledTimes(QR_MAX_POLLS_WITHOUT_SCAN);

    t.actor.send({ type: 'qr.refreshRequested' });
    expect(t.pollSpy).toHaveBeenCalledTimes(QR_MAX_POLLS_WITHOUT_SCAN + 1);
    await t.settle();
    expect(t.snap().hasTag('waiting')).toBe(true);
    expect(t.snap().context).toMatchObject({ qrCode: '2@code-1', polls: 1 });
  });

  it('keeps polling through single failures with a warning, and fails after QR_MAX_POLL_FAILURES in a row', async () => {
    let failing = true;
    const t = start({
      poll: () => (failing ? Promise.reject(new Error('Bad gateway')) : Promise.resolve(waiting())),
    });
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    await t.tick();
    expect(t.snap().hasTag('waiting')).toBe(true);
    expect(t.snap().context).toMatchObject({ pollError: 'Bad gateway', failures: 1, qrCode: '2@code-1' });

    // A good answer clears the warning and the count of failures in a row.
    failing = false;
    await t.tick();
    expect(t.snap().context).toMatchObject({ pollError: null, failures: 0 });

    failing = true;
    for (let i = 0; i < QR_MAX_POLL_FAILURES - 1; i++) await t.tick();
    expect(t.snap().hasTag('waiting')).toBe(true);
    expect(t.toasts).toEqual([]);
    await t.tick();
    expect(t.snap().hasTag('failed')).toBe(true);
    expect(t.snap().context.pollError).toBe('Bad gateway');
    expect(t.toasts).toEqual([
      { variant: 'error', title: instanceMessages.detailFailed, description: 'Bad gateway' },
    ]);
    const calls = t.pollSpy.mock.calls.length;
    t.clock.increment(QR_POLL_INTERVAL_MS * 10);
    expect(t.pollSpy).toHaveBeenCalledTimes(calls);

    failing = false;
    t.actor.send({ type: 'qr.refreshRequested' });
    await t.settle();
    expect(t.snap().hasTag('waiting')).toBe(true);
    expect(t.snap().context).toMatchObject({ pollError: null, failures: 0 });
  });

  it('refreshes the code on request, at once, and restarts the expiry count', async () => {
    const t = start({ poll: async () => waiting({ qrCode: '2@fresh' }) });
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    await t.tick();
    await t.tick();
    expect(t.snap().context.polls).toBe(2);
    t.actor.send({ type: 'qr.refreshRequested' });
    expect(t.snap().hasTag('polling')).toBe(true);
    // While a check is under way, another refresh is not offered.
    expect(t.snap().can({ type: 'qr.refreshRequested' })).toBe(false);
    await t.settle();
    expect(t.pollSpy).toHaveBeenCalledTimes(3);
    expect(t.snap().context).toMatchObject({ qrCode: '2@fresh', polls: 1 });
  });

  it('makes no request after the dialog closes, aborts the one under way, and resets what it showed', async () => {
    let signal: AbortSignal | undefined;
    const t = start({
      poll: (_id, s) => {
        signal = s;
        return new Promise(() => {});
      },
    });
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    t.actor.send({ type: 'name.changed', value: 'Front desk' });
    t.actor.send({ type: 'chatbot.changed', value: 'bot-1' });
    t.clock.increment(QR_POLL_INTERVAL_MS);
    expect(t.pollSpy).toHaveBeenCalledTimes(1);
    t.actor.send({ type: 'dialog.closed' });
    expect(signal?.aborted).toBe(true);
    // The instance it created never linked: it is removed on the way out.
    expect(t.snap().matches('abandoning')).toBe(true);
    await t.settle();
    expect(t.snap().matches('closed')).toBe(true);
    expect(t.snap().context).toMatchObject({
      qrCode: null,
      name: '',
      chatbotId: '',
      instance: null,
      polls: 0,
    });
    t.clock.increment(QR_POLL_INTERVAL_MS * 100);
    await t.settle();
    expect(t.pollSpy).toHaveBeenCalledTimes(1);
    expect(t.createSpy).toHaveBeenCalledTimes(1);
    expect(t.saveSpy).not.toHaveBeenCalled();
  });

  it('makes no request after closing while waiting between polls either', async () => {
    const t = start();
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    t.actor.send({ type: 'dialog.closed' });
    t.clock.increment(QR_POLL_INTERVAL_MS * 100);
    await t.settle();
    expect(t.pollSpy).not.toHaveBeenCalled();
  });

  it('confirms only a linked number with a name and a chatbot, not while creating or saving, and saves both', async () => {
    let finish: (i: Instance) => void = () => {};
    const t = start({
      poll: async () => ready,
      save: (_id, body) =>
        new Promise((resolve) => {
          finish = resolve;
          void body;
        }),
    });
    t.actor.send({ type: 'dialog.opened' });
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(false);
    await t.settle();
    // The name starts as the server's; the chatbot is the user's choice.
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(false);
    t.actor.send({ type: 'chatbot.changed', value: 'bot-1' });
    // Named and with a chatbot, but not linked yet: nothing to confirm, and no "created and configured".
    expect(t.snap().hasTag('waiting')).toBe(true);
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(false);
    t.actor.send({ type: 'instance.confirmed' });
    expect(t.saveSpy).not.toHaveBeenCalled();
    await t.tick();
    expect(t.snap().hasTag('connected')).toBe(true);
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(true);
    t.actor.send({ type: 'name.changed', value: '   ' });
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(false);
    t.actor.send({ type: 'name.changed', value: ' Front desk ' });
    t.actor.send({ type: 'instance.confirmed' });
    expect(t.snap().hasTag('saving')).toBe(true);
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(false);
    expect(t.snap().can({ type: 'name.changed', value: 'x' })).toBe(false);
    expect(t.saveSpy).toHaveBeenCalledWith('inst-9', { instanceName: 'Front desk', chatbotId: 'bot-1' });
    finish(ready);
    await t.settle();
    expect(t.snap().matches('closed')).toBe(true);
    expect(t.instanceSaved).toHaveBeenCalledTimes(1);
    expect(t.toasts).toEqual([{ variant: 'success', title: instanceMessages.created }]);
    expect(t.snap().context.name).toBe('');
  });

  it('keeps what was typed when saving fails', async () => {
    const t = start({
      create: async () => ready,
      save: () => Promise.reject(new Error('Chatbot not found')),
    });
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    t.actor.send({ type: 'name.changed', value: 'Front desk' });
    t.actor.send({ type: 'chatbot.changed', value: 'bot-1' });
    t.actor.send({ type: 'instance.confirmed' });
    await t.settle();
    expect(t.snap().hasTag('saving')).toBe(false);
    expect(t.snap().context).toMatchObject({
      name: 'Front desk',
      chatbotId: 'bot-1',
      saveError: 'Chatbot not found',
    });
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(true);
    expect(t.instanceSaved).not.toHaveBeenCalled();
  });

  it('says which plan limit stopped the creation, raises the toast, and can try again', async () => {
    let fail = true;
    const t = start({ create: () => (fail ? Promise.reject(limitError) : Promise.resolve(waiting())) });
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    expect(t.snap().hasTag('createFailed')).toBe(true);
    const failure = t.snap().context.createError;
    expect(failure?.kind).toBe('limit');
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    const text = i18n._(failure?.message as never);
    expect(text).toBe(
      'Your plan allows 1 connected instance. Delete an instance or upgrade your plan to add another.',
    );
    // Said once, in the dialog, with the way to upgrade: no toast besides.
    expect(t.toasts).toEqual([]);
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(false);
    t.clock.increment(QR_POLL_INTERVAL_MS * 10);
    expect(t.pollSpy).not.toHaveBeenCalled();

    fail = false;
    t.actor.send({ type: 'create.retried' });
    await t.settle();
    expect(t.snap().hasTag('waiting')).toBe(true);
    expect(t.snap().context.createError).toBeNull();
  });

  it('a check refused by the plan stops polling and says why once, with the way to upgrade and no retry', async () => {
    const t = start({ poll: () => Promise.reject(pollLimitError) });
    t.actor.send({ type: 'dialog.resumed', instance: waiting({ instanceName: 'Desk' }) });
    await t.settle();
    expect(t.snap().hasTag('refused')).toBe(true);
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(i18n._(t.snap().context.refusal as never)).toBe(
      'Your plan allows 1 connected instance. Delete an instance or upgrade your plan to add another.',
    );
    expect(t.snap().context).toMatchObject({ qrCode: null, pollError: null });
    // Not a failure to check again: no toast, no "try again", no more polls.
    expect(t.toasts).toEqual([]);
    expect(t.snap().can({ type: 'qr.refreshRequested' })).toBe(false);
    t.actor.send({ type: 'chatbot.changed', value: 'bot-1' });
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(false);
    t.clock.increment(QR_POLL_INTERVAL_MS * 10);
    await t.settle();
    expect(t.pollSpy).toHaveBeenCalledTimes(1);
    // A number it resumed stays in the list when the dialog closes.
    t.actor.send({ type: 'dialog.closed' });
    expect(t.snap().matches('closed')).toBe(true);
    expect(t.removeSpy).not.toHaveBeenCalled();
  });

  it('closing before the number links removes the instance it created, with the logout call', async () => {
    const t = start();
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    await t.tick();
    t.actor.send({ type: 'dialog.closed' });
    expect(t.snap().hasTag('abandoning')).toBe(true);
    // The dialog is gone at once, and no new one opens until the removal is done.
    expect(t.snap().can({ type: 'dialog.opened' })).toBe(false);
    expect(t.removeSpy).toHaveBeenCalledWith('inst-9');
    await t.settle();
    expect(t.snap().matches('closed')).toBe(true);
    expect(t.instanceRemoved).toHaveBeenCalledTimes(1);
    expect(t.toasts).toEqual([]);
    t.clock.increment(QR_POLL_INTERVAL_MS * 10);
    expect(t.pollSpy).toHaveBeenCalledTimes(1);
  });

  it('a failed removal is said with the logout toast, and the list still reloads', async () => {
    const t = start({ remove: () => Promise.reject(new Error('Engine unavailable')) });
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    t.actor.send({ type: 'dialog.closed' });
    await t.settle();
    expect(t.snap().matches('closed')).toBe(true);
    expect(t.toasts).toEqual([
      { variant: 'error', title: instanceMessages.logoutFailed, description: 'Engine unavailable' },
    ]);
    expect(t.instanceRemoved).toHaveBeenCalledTimes(1);
  });

  it('keeps what is linked or was there before: closing then removes nothing', async () => {
    // Linked in this dialog: the number is the user's, named or not.
    const linked = start({ poll: async () => ready });
    linked.actor.send({ type: 'dialog.opened' });
    await linked.settle();
    await linked.tick();
    expect(linked.snap().hasTag('connected')).toBe(true);
    linked.actor.send({ type: 'dialog.closed' });
    expect(linked.snap().matches('closed')).toBe(true);
    expect(linked.removeSpy).not.toHaveBeenCalled();
    // Resumed from the list and still waiting: it was there before the dialog opened.
    const resumed = start();
    resumed.actor.send({ type: 'dialog.resumed', instance: waiting() });
    await resumed.settle();
    resumed.actor.send({ type: 'dialog.closed' });
    expect(resumed.snap().matches('closed')).toBe(true);
    expect(resumed.removeSpy).not.toHaveBeenCalled();
  });

  it('a failure that is not a limit shows the server message', async () => {
    const t = start({ create: () => Promise.reject(new Error('Engine unavailable')) });
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    expect(t.snap().context.createError).toEqual({ kind: 'other', message: 'Engine unavailable' });
  });

  it('continues the setup of an existing instance: polls at once, keeps its name and chatbot', async () => {
    const t = start({ poll: async () => ready });
    t.actor.send({ type: 'dialog.resumed', instance: waiting({ instanceName: 'Desk', chatbotId: 'bot-2' }) });
    expect(t.createSpy).not.toHaveBeenCalled();
    expect(t.pollSpy).toHaveBeenCalledTimes(1);
    expect(t.snap().context).toMatchObject({ name: 'Desk', chatbotId: 'bot-2' });
    await t.settle();
    expect(t.snap().hasTag('connected')).toBe(true);
    expect(t.snap().can({ type: 'instance.confirmed' })).toBe(true);
  });

  it('an instance created already linked goes straight to connected', async () => {
    const t = start({ create: async () => ready });
    t.actor.send({ type: 'dialog.opened' });
    await t.settle();
    expect(t.snap().hasTag('connected')).toBe(true);
    t.clock.increment(QR_POLL_INTERVAL_MS * 3);
    expect(t.pollSpy).not.toHaveBeenCalled();
  });
});

type Snap = SnapshotFrom<typeof instanceConnectionMachine>;
const serverError = 'Internal server error';

describeStateViews(instanceConnectionModel, {
  closed: {
    enabled: ['dialog.opened', 'dialog.resumed'],
    // Closing forgets everything the dialog showed.
    shows: (s: Snap) => {
      const { name, chatbotId, polls, failures, ...shown } = s.context;
      expect({ name, chatbotId, polls, failures }).toEqual({
        name: '',
        chatbotId: '',
        polls: 0,
        failures: 0,
      });
      expect(Object.keys(shown).sort()).toEqual([
        'createError',
        'created',
        'instance',
        'pollError',
        'qrCode',
        'refusal',
        'saveError',
      ]);
      expect(Object.values(shown).filter((value) => value !== null && value !== false)).toEqual([]);
    },
  },
  abandoning: {
    tags: ['abandoning'],
    runs: { removeInstance: (input: { id: string }) => expect(input).toEqual({ id: waitingInstance.id }) },
    shows: (s: Snap) => {
      expect(s.context.created).toBe(true);
      expect(s.context.instance?.instanceStatus).not.toBe('ready');
    },
  },
  open: { enabled: ['dialog.closed'] },
  'open.link': {},
  'open.link.creating': {
    tags: ['creating'],
    runs: { createInstance: () => {} },
    shows: (s: Snap) => {
      expect(s.context.instance).toBeNull();
      expect(s.context.createError).toBeNull();
    },
  },
  'open.link.createFailed': {
    tags: ['createFailed'],
    enabled: ['create.retried'],
    // The server's failure, or the plan's limit (said with the way to upgrade instead of a retry).
    shows: (s: Snap) => {
      expect([
        { kind: 'other', message: serverError },
        { kind: 'limit', message: expect.anything() },
      ]).toContainEqual(s.context.createError);
      expect(s.context.instance).toBeNull();
    },
  },
  'open.link.waiting': {
    tags: ['waiting'],
    // The code on screen is the instance's latest one, or none while a new one is fetched.
    shows: (s: Snap) => {
      expect([null, waitingInstance.qrCode]).toContain(s.context.qrCode);
      expect(s.context.instance?.id).toBe(waitingInstance.id);
    },
  },
  'open.link.waiting.idle': {
    enabled: ['qr.refreshRequested'],
    shows: (s: Snap) => {
      expect(s.context.polls).toBeLessThan(2);
      expect(s.context.failures).toBeLessThan(2);
      expect(s.context.pollError).toBe(s.context.failures > 0 ? serverError : null);
    },
  },
  'open.link.waiting.polling': {
    tags: ['polling'],
    runs: { pollInstance: (input: { id: string }) => expect(input).toEqual({ id: waitingInstance.id }) },
  },
  'open.link.expired': {
    tags: ['expired'],
    enabled: ['qr.refreshRequested'],
    shows: (s: Snap) => {
      expect(s.context.qrCode).toBeNull();
      expect(s.context.pollError).toBeNull();
    },
  },
  'open.link.failed': {
    tags: ['failed'],
    enabled: ['qr.refreshRequested'],
    shows: (s: Snap) => {
      expect(s.context.qrCode).toBeNull();
      expect(s.context.pollError).toBe(serverError);
      expect(s.context.failures).toBe(2);
    },
  },
  'open.link.refused': {
    tags: ['refused'],
    shows: (s: Snap) => {
      expect(s.context.refusal).not.toBeNull();
      expect(s.context.qrCode).toBeNull();
      expect(s.context.pollError).toBeNull();
    },
  },
  'open.link.connected': {
    tags: ['connected'],
    shows: (s: Snap) => {
      expect(s.context.instance).toEqual(readyInstance);
      expect(s.context.qrCode).toBeNull();
      expect(s.context.pollError).toBeNull();
    },
  },
  'open.form': {},
  'open.form.editing': {
    // Confirm needs a linked number, a name and a chatbot.
    enabled: (s: Snap) => [
      'name.changed',
      'chatbot.changed',
      ...(s.hasTag('connected') && s.context.name.trim() && s.context.chatbotId
        ? ['instance.confirmed']
        : []),
    ],
    shows: (s: Snap) => expect([null, serverError]).toContain(s.context.saveError),
  },
  'open.form.saving': {
    tags: ['saving'],
    runs: {
      saveInstance: (input: { id: string; body: InstanceUpdateBody }, s: Snap) =>
        expect(input).toEqual({
          id: s.context.instance?.id,
          body: { instanceName: s.context.name.trim(), chatbotId: s.context.chatbotId },
        }),
    },
    shows: (s: Snap) => expect(s.context.saveError).toBeNull(),
  },
});
