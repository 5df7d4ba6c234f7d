// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { InstanceSchema } from '../src/api/schemas/instances';
import { DAY, setNow } from './clock';
import { type GivenUser, givenChatbot, givenChatSession, givenInstance, givenUser } from './fixtures';
import { QR_ROTATION_MS } from './handlers/instances';
import { switchScenario } from './node';
import { call, withMockServer } from './testing';

withMockServer();

let u: GivenUser;
let t = Date.parse('2026-11-20T10:00:00.000Z');

beforeEach(async () => {
  t = Date.parse('2026-11-20T10:00:00.000Z');
  setNow(() => t);
  u = await givenUser({ email: 'u@b.test', planName: 'Pro' });
});

const get = (id: string) => call('GET', `/whatsapp/${id}`, { token: u.token });

describe('instances', () => {
  it('creates an instance waiting for a scan, named after the count', async () => {
    await givenInstance(u.id, { instanceName: 'Instance 1', status: 1 });
    const created = await call('POST', '/whatsapp/create-instance', { token: u.token, body: {} });
    expect(created.status).toBe(200);
    expect(InstanceSchema.parse(created.body)).toMatchObject({
      instanceName: 'Instance 2',
      status: 0,
      instanceStatus: 'qr',
      chatbotId: null,
      phoneNumber: null,
    });
    expect(created.body.qrCode).toMatch(/^2@/);
    expect((await call('GET', '/whatsapp/list', { token: u.token })).body).toHaveLength(2);
  });

  it('rotates the QR code every 5 s of the mock clock', async () => {
    expect(QR_ROTATION_MS).toBe(5_000);
    await givenInstance(u.id, { id: 'inst-1' });
    const list = async () =>
      (await call('GET', '/whatsapp/list', { token: u.token })).body[0].qrCode as string;
    const first = await list();
    t += QR_ROTATION_MS / 2;
    expect(await list()).toBe(first);
    t += QR_ROTATION_MS;
    const second = await list();
    expect(second).not.toBe(first);
    expect(second).toMatch(/^2@/);
  });

  it('shows a new code at each check 5 s apart until the phone scans', async () => {
    const created = (await call('POST', '/whatsapp/create-instance', { token: u.token, body: {} })).body;
    const codes = [created.qrCode];
    for (let i = 0; i < 2; i++) {
      t += 5_000;
      codes.push((await get(created.id)).body.qrCode);
    }
    expect(new Set(codes).size).toBe(3);
    t += 5_000;
    expect((await get(created.id)).body).toMatchObject({ instanceStatus: 'authenticated', qrCode: null });
  });

  it('refuses the scan that would connect a number beyond the plan, and links once there is room', async () => {
    const starter = await givenUser({ email: 's@b.test', planName: 'Starter' });
    const read = (id: string) => call('GET', `/whatsapp/${id}`, { token: starter.token });
    // Codes nobody has scanned bind no number: both are created while the plan has room.
    const first = (await call('POST', '/whatsapp/create-instance', { token: starter.token, body: {} })).body;
    const second = (await call('POST', '/whatsapp/create-instance', { token: starter.token, body: {} })).body;
    for (let i = 0; i < 4; i++) await read(first.id);
    expect((await read(first.id)).body).toMatchObject({ status: 1, instanceStatus: 'ready' });

    await read(second.id);
    await read(second.id);
    const refused = await read(second.id);
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'PLAN_LIMIT_REACHED', limit: { name: 'instanceLimit', max: 1 } },
    });
    expect(refused.body.message).toBe(
      'Your plan allows 1 connected instance (Starter). Upgrade to connect more numbers.',
    );
    const [, waiting] = (await call('GET', '/whatsapp/list', { token: starter.token })).body;
    expect(waiting).toMatchObject({ id: second.id, status: 0, instanceStatus: 'qr' });

    await call('POST', `/whatsapp/${first.id}/logout`, { token: starter.token, body: {} });
    expect((await read(second.id)).body.instanceStatus).toBe('authenticated');
    expect((await read(second.id)).body.instanceStatus).toBe('ready');
    expect((await call('GET', '/whatsapp/count/active', { token: starter.token })).body).toEqual({
      count: 1,
    });
  });

  it('refuses the second of two codes scanned at the same time when the plan has room for one', async () => {
    const starter = await givenUser({ email: 's@b.test', planName: 'Starter' });
    const read = (id: string) => call('GET', `/whatsapp/${id}`, { token: starter.token });
    const create = () => call('POST', '/whatsapp/create-instance', { token: starter.token, body: {} });
    const first = (await create()).body;
    const second = (await create()).body;
    // Both phones scan before either number is connected.
    for (let i = 0; i < 2; i++) {
      await read(first.id);
      await read(second.id);
    }
    expect((await read(first.id)).body.instanceStatus).toBe('authenticated');
    expect((await read(second.id)).body).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    expect((await read(first.id)).body.instanceStatus).toBe('ready');
    expect((await call('GET', '/whatsapp/count/active', { token: starter.token })).body).toEqual({
      count: 1,
    });
  });

  it('keeps the phone number of a number that links again', async () => {
    await givenInstance(u.id, { id: 'inst-1', phoneNumber: '14155550123', polls: 3 });
    expect((await get('inst-1')).body).toMatchObject({ instanceStatus: 'ready', phoneNumber: '14155550123' });
  });

  it('is scanned after polls: authenticated on the 3rd, ready on the 4th, with an activity entry', async () => {
    await givenInstance(u.id, { id: 'inst-1', instanceName: 'Front desk' });
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await get('inst-1');
      seen.push([body.instanceStatus, body.status, body.qrCode === null]);
    }
    expect(seen).toEqual([
      ['qr', 0, false],
      ['qr', 0, false],
      ['authenticated', 0, true],
      ['ready', 1, true],
      ['ready', 1, true],
    ]);
    const ready = (await get('inst-1')).body;
    expect(ready.phoneNumber).toMatch(/^\d{10,15}$/);
    expect(ready.lastActiveAt).not.toBeNull();
    expect((await call('GET', '/whatsapp/count/active', { token: u.token })).body).toEqual({ count: 1 });
    const log = (await call('GET', '/activity-log/list', { token: u.token })).body;
    expect(log).toEqual([
      {
        createdAt: expect.any(String),
        type: 'instance_bound',
        description: 'New instance bound: Front desk',
      },
    ]);
  });

  it('finishes linking by itself once authenticated: the next list read finds it ready', async () => {
    await givenInstance(u.id, { id: 'inst-1', instanceName: 'Front desk', polls: 2 });
    expect((await get('inst-1')).body.instanceStatus).toBe('authenticated');
    const [listed] = (await call('GET', '/whatsapp/list', { token: u.token })).body;
    expect(listed).toMatchObject({ id: 'inst-1', instanceStatus: 'ready', status: 1, qrCode: null });
    expect((await get('inst-1')).body.instanceStatus).toBe('ready');
    const log = (await call('GET', '/activity-log/list', { token: u.token })).body;
    expect(log.map((e: { type: string }) => e.type)).toEqual(['instance_bound']);
  });

  it('leaves waiting instances waiting on a list read', async () => {
    await givenInstance(u.id, { id: 'inst-1', polls: 1 });
    const [listed] = (await call('GET', '/whatsapp/list', { token: u.token })).body;
    expect(listed).toMatchObject({ instanceStatus: 'qr', status: 0 });
  });

  it('never scans in the qr-never-scanned scenario', async () => {
    switchScenario('qr-never-scanned');
    await givenInstance(u.id, { id: 'inst-1' });
    const codes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const { body } = await get('inst-1');
      expect(body.instanceStatus).toBe('qr');
      codes.add(body.qrCode);
      t += QR_ROTATION_MS;
    }
    expect(codes.size).toBe(8);
  });

  it('logs out: gone from the list and from reads', async () => {
    await givenInstance(u.id, { id: 'inst-1', status: 1 });
    expect(await call('POST', '/whatsapp/inst-1/logout', { token: u.token, body: {} })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await call('GET', '/whatsapp/list', { token: u.token })).body).toEqual([]);
    expect((await get('inst-1')).status).toBe(404);
    expect((await call('GET', '/whatsapp/count/active', { token: u.token })).body).toEqual({ count: 0 });
  });

  it('updates name and chatbot, validating the name', async () => {
    await givenChatbot(u.id, { id: 'bot-1' });
    await givenInstance(u.id, { id: 'inst-1' });
    const updated = await call('POST', '/whatsapp/inst-1/update', {
      token: u.token,
      body: { instanceName: 'Front desk', chatbotId: 'bot-1' },
    });
    expect(updated.body).toMatchObject({ instanceName: 'Front desk', chatbotId: 'bot-1' });
    const empty = await call('POST', '/whatsapp/inst-1/update', {
      token: u.token,
      body: { instanceName: '', chatbotId: 'bot-1' },
    });
    expect(empty).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(empty.body.message).toMatch(/^instanceName: /);
  });

  it('reports usage per session within the time range', async () => {
    await givenInstance(u.id, { status: 1 });
    await givenChatSession(u.id, {
      fromNumber: '111@c.us',
      createdAt: new Date(t - 60_000).toISOString(),
      messages: [{ content: 'x'.repeat(40) }, { content: 'y'.repeat(8) }],
    });
    await givenChatSession(u.id, {
      fromNumber: '222@c.us',
      createdAt: new Date(t - 20 * DAY).toISOString(),
      messages: [{ content: 'z'.repeat(400) }],
    });
    const week = await call('POST', '/whatsapp/usage-info', { token: u.token, body: { timeRange: 2 } });
    expect(week.body).toMatchObject({
      nowInstanceNum: 1,
      maxInstanceNum: 3,
      usageInfos: [{ sessionFrom: '111@c.us', tokenCount: 12 }],
      totalTokenCount: 12,
    });
    const all = await call('POST', '/whatsapp/usage-info', { token: u.token, body: { timeRange: 8 } });
    expect(all.body.totalTokenCount).toBe(112);
    expect(all.body.usageInfos[0]).toEqual({ sessionFrom: '222@c.us', tokenCount: 100 });
    expect(
      (await call('POST', '/whatsapp/usage-info', { token: u.token, body: { timeRange: 9 } })).status,
    ).toBe(400);
  });
});
