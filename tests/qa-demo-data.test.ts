import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../mocks/db';
import { DEMO_OWNER, seedDemo } from '../mocks/seed';
import { demoBots } from '../src/machines/botEditor/botEditor.model';
import { demoMessages, demoSessions } from '../src/machines/chatHistory/chatHistory.model';
import { dashboardModel } from '../src/machines/dashboard/dashboard.model';
import { waitingInstance } from '../src/machines/instanceConnection/instanceConnection.model';
import { instanceListModel, sampleChatbots } from '../src/machines/instances/instances.model';
import { sampleUser } from '../src/machines/login/login.model';
import { planChangeModel } from '../src/machines/planChange/planChange.model';
import { testChatModel } from '../src/machines/testChat/testChat.model';

/**
 * A QA jump restores a flow with its model's data and then runs for real against the demo backend: the records
 * the models name must be the demo's, or the next call (load, save, poll, star) fails with "not found".
 */
beforeAll(async () => {
  await seedDemo();
});

const ownerRecord = <T extends { ownerId: string }>(records: T[]) =>
  records.filter((r) => r.ownerId === DEMO_OWNER.id);

describe('the flow models use the seeded demo data', () => {
  it('signs in as the demo owner', () => {
    expect(sampleUser).toMatchObject({
      id: DEMO_OWNER.id,
      email: DEMO_OWNER.email,
      accessToken: DEMO_OWNER.token,
    });
  });

  it('lists the demo owner’s numbers and chatbots', () => {
    const instances = instanceListModel.outputs?.load as Array<Record<string, unknown>>;
    const seeded = ownerRecord(db.instances.all());
    for (const instance of instances) {
      expect(seeded).toContainEqual(
        expect.objectContaining({
          id: instance.id,
          instanceName: instance.instanceName,
          chatbotId: instance.chatbotId,
          phoneNumber: instance.phoneNumber,
          status: instance.status,
        }),
      );
    }
    const bots = ownerRecord(db.chatbots.all()).map((b) => ({ id: b.id, name: b.name }));
    expect(bots).toEqual(expect.arrayContaining(sampleChatbots));
  });

  it('connects the demo owner’s waiting number', () => {
    expect(db.instances.findFirst((q) => q.where({ id: waitingInstance.id }))).toMatchObject({
      ownerId: DEMO_OWNER.id,
      instanceName: waitingInstance.instanceName,
      instanceStatus: 'qr',
    });
  });

  it('edits and tests the demo owner’s chatbots', () => {
    for (const bot of demoBots) {
      expect(db.chatbots.findFirst((q) => q.where({ id: bot.id }))).toMatchObject({
        ownerId: DEMO_OWNER.id,
        name: bot.name,
        model: bot.model,
        temperature: bot.temperature,
        maxTokens: bot.maxTokens,
      });
    }
    expect(demoBots.map((b) => b.id)).toContain(testChatModel.input?.botId);
  });

  it('reads the demo owner’s conversations', () => {
    const listed = demoSessions.filter((s) => s.fromNumber.endsWith('@c.us') && s.fromNumber !== '0@c.us');
    expect(listed.length).toBeGreaterThan(1);
    for (const session of listed) {
      const seeded = db.chatSessions.findFirst((q) => q.where({ id: session.id }));
      expect(seeded).toMatchObject({ ownerId: DEMO_OWNER.id, fromNumber: session.fromNumber });
      expect(seeded?.messages[0]?.content).toBe(session.messages[0]?.content);
    }
    const first = demoSessions[0];
    for (const message of demoMessages) {
      expect(db.chatMessages.findFirst((q) => q.where({ id: message.id }))).toMatchObject({
        sessionId: first?.id,
        content: message.content,
        sender: message.sender,
      });
    }
  });

  it('shows activity the demo writes and offers the demo’s plans', () => {
    const descriptions = db.activities.all().map((a) => a.description);
    for (const entry of (dashboardModel.outputs?.activity ?? []) as Array<{ description: string }>) {
      expect(descriptions).toContain(entry.description);
    }
    const plans = db.plans.all().map((p) => ({ id: p.id, name: p.name }));
    for (const event of planChangeModel.events) {
      const plan = event.plan as { id: string; name: string } | undefined;
      if (plan && plan.id !== 'plan-monthly') expect(plans).toContainEqual({ id: plan.id, name: plan.name });
    }
  });
});
