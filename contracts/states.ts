import type { VerifierOptions } from '@pact-foundation/pact';
import {
  givenActivity,
  givenChatbot,
  givenChatSession,
  givenDefaultPlans,
  givenInstance,
  givenKnowledgeFile,
  givenLoginCode,
  givenLoginFailures,
  givenPaidCheckout,
  givenPlan,
  givenTestThread,
  givenUser,
} from '../mocks/fixtures';
import { MAX_FAILURES } from '../mocks/handlers/auth';
import { TOKEN, USER_ID } from './pact';

type Params = Record<string, string | boolean | number>;
const param = (p: unknown, key: string) => String((p as Params | undefined)?.[key] ?? '');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** The contract's user: a paying Starter customer, signed in with the contract's token. */
async function signedInUser(planName = 'Starter') {
  const user = await givenUser({ id: USER_ID, email: 'owner@pact.test', token: TOKEN, planName });
  if (planName !== 'Free') {
    await givenPaidCheckout(USER_ID, {
      sessionId: 'cs_pact_seed',
      planId: `plan-${planName.toLowerCase()}`,
      scheduleType: 1,
    });
  }
  return user;
}

const readyInstance = (id: string) =>
  givenInstance(USER_ID, {
    id,
    instanceName: 'Front desk',
    chatbotId: 'bot-1',
    status: 1,
    instanceStatus: 'ready',
    phoneNumber: '8613812345678',
    lastActiveAt: minutesAgo(5),
  });

/** Provider states named by the consumer contracts; each seeds only what its interactions need. */
export const providerStates: NonNullable<VerifierOptions['stateHandlers']> = {
  'a new visitor': async () => {
    await givenDefaultPlans();
  },
  'a login code was sent': async (p) => {
    await givenDefaultPlans();
    await givenLoginCode(param(p, 'email'), param(p, 'code'));
  },
  'a login code was sent moments ago': async (p) => {
    await givenDefaultPlans();
    await givenLoginCode(param(p, 'email'), '123456');
  },
  'sign-in is paused after too many wrong codes': async (p) => {
    await givenDefaultPlans();
    await givenLoginFailures(param(p, 'email'), MAX_FAILURES);
  },
  'a signed-in user': async () => {
    await signedInUser();
  },
  'a signed-in user on the free plan': async () => {
    await signedInUser('Free');
  },
  'a signed-in admin': async () => {
    await givenUser({ id: USER_ID, email: 'admin@pact.test', token: TOKEN, isAdmin: true, planName: 'Pro' });
  },
  'the user has a chatbot': async (p) => {
    const id = param(p, 'id');
    await givenChatbot(USER_ID, {
      id,
      name: param(p, 'name') || 'Support bot',
      description: 'Answers customer questions',
      KnowledgeBaseFile: [
        {
          fileIdOnPlatform: `${id}-kf`,
          fileUrl: `https://files.example/${id}-kf/faq.pdf`,
          name: 'faq.pdf',
          fileSize: 20480,
        },
      ],
    });
  },
  'the user has an uploaded knowledge file': async (p) => {
    await givenKnowledgeFile(USER_ID, { knowledgeFileId: param(p, 'id'), name: 'faq.pdf' });
  },
  'the chatbot has a test thread': async (p) => {
    await givenTestThread(USER_ID, {
      id: param(p, 'threadId'),
      chatbotId: param(p, 'chatbotId'),
      turns: [
        { role: 'user', content: 'Do you ship abroad?', at: minutesAgo(2) },
        { role: 'assistant', content: 'Yes, we ship to 40 countries.', at: minutesAgo(2) },
      ],
    });
  },
  'the user has an instance': async (p) => {
    await readyInstance(param(p, 'id'));
  },
  'another user has an instance': async (p) => {
    const other = await givenUser({ email: 'other@pact.test' });
    await givenInstance(other.id, { id: param(p, 'id') });
  },
  'the user has reached the instance limit': async () => {
    await readyInstance('inst-at-limit');
  },
  'the user has reached the chatbot limit': async () => {
    for (const n of [1, 2, 3]) await givenChatbot(USER_ID, { id: `bot-limit-${n}`, name: `Bot ${n}` });
  },
  'the user has activity today': async () => {
    await givenChatbot(USER_ID, { id: 'bot-activity', name: 'Activity bot', description: 'Busy' });
    await givenChatSession(USER_ID, {
      id: 'sess-today',
      fromNumber: '8613812345678@c.us',
      createdAt: minutesAgo(90),
      messages: [
        { content: 'Hello, do you ship to Taipei?', sender: 'user', sentAt: minutesAgo(90) },
        { content: 'Yes, in 3-5 business days.', sender: 'assistant', sentAt: minutesAgo(89) },
      ],
    });
    await givenActivity(USER_ID, {
      type: 'instance_bound',
      description: 'New instance bound: Front desk',
      createdAt: minutesAgo(30),
    });
  },
  'the user has a chat session': async (p) => {
    await givenChatSession(USER_ID, {
      id: param(p, 'id'),
      fromNumber: param(p, 'fromNumber'),
      isStarred: (p as Params | undefined)?.isStarred === true,
      createdAt: minutesAgo(60),
      analysis: null,
      messages: [
        { content: 'Hello, do you ship to Taipei?', sender: 'user', sentAt: minutesAgo(60) },
        { content: 'Yes, in 3-5 business days.', sender: 'assistant', sentAt: minutesAgo(59) },
      ],
    });
  },
  'a plan exists': async (p) => {
    await givenPlan({ id: param(p, 'id'), name: 'Growth', description: 'For growing teams' });
  },
  'a paid checkout session': async (p) => {
    await givenPaidCheckout(USER_ID, {
      sessionId: param(p, 'sessionId'),
      planId: 'plan-pro',
      scheduleType: 1,
    });
  },
};
