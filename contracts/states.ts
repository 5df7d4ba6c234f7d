import type { VerifierOptions } from '@pact-foundation/pact';
import { botTakesTurn } from '../mocks/customers';
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
  givenPaymentMethod,
  givenPlan,
  givenTestThread,
  givenUser,
} from '../mocks/fixtures';
import { MAX_FAILURES } from '../mocks/handlers/auth';
import { storeBillingDetails } from '../mocks/handlers/billingDetails';
import { givenTrendFailure } from '../mocks/handlers/dashboard';
import { givenHandoffsTodayAndYesterday } from '../mocks/handlers/dashboardHandoffs';
import { givenDatabaseConnection } from '../mocks/handlers/database';
import { givenHandling } from '../mocks/handlers/handling';
import { issueInvoice } from '../mocks/handlers/invoices';
import { givenQaEntry, QA_LIMIT } from '../mocks/handlers/knowledgeQa';
import { crawlOn, givenSource } from '../mocks/handlers/knowledgeSources';
import { givenInstanceStatus, givenLiveMessage, givenNextLiveStream } from '../mocks/handlers/live';
import { givenPromptOptimization } from '../mocks/handlers/promptOptimization';
import { givenSavedReply } from '../mocks/handlers/savedReplies';
import { givenBriefTestReplies } from '../mocks/handlers/testChat';
import { givenUnanswered } from '../mocks/unanswered';
import { billingDetailsExample, TOKEN, USER_ID } from './pact';

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
  'the user has billing details': async () => {
    await signedInUser();
    await storeBillingDetails(USER_ID, billingDetailsExample);
  },
  'a signed-in user on the free plan': async () => {
    await signedInUser('Free');
  },
  'the user has a saved card': async (p) => {
    await givenPaymentMethod(USER_ID, { id: param(p, 'id'), last4: param(p, 'last4') || '4242' });
  },
  'a signed-in admin': async () => {
    await givenUser({ id: USER_ID, email: 'admin@pact.test', token: TOKEN, isAdmin: true, planName: 'Pro' });
  },
  'the user has invoices': async () => {
    await signedInUser();
    // A paid month and the next one failed, newest first in the list.
    await issueInvoice(USER_ID, {
      id: 'inv-0',
      description: 'Starter plan, monthly',
      amount: 9900,
      status: 'paid',
      issuedAt: '2026-10-01T09:00:00.000Z',
    });
    await issueInvoice(USER_ID, {
      id: 'inv-1',
      description: 'Starter plan, monthly',
      amount: 9900,
      status: 'failed',
      issuedAt: '2026-11-01T09:00:00.000Z',
    });
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
  'the chatbot has an external database': async (p) => {
    givenDatabaseConnection(USER_ID, param(p, 'chatbotId'), {
      mode: 'fields',
      type: 'postgresql',
      host: 'db.acme.test',
      port: 5432,
      database: 'shop',
      user: 'app',
      password: 'pact-s3cret',
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
  'the chatbot answers test messages in one plain sentence': async (p) => {
    await givenBriefTestReplies(USER_ID, param(p, 'chatbotId'), param(p, 'threadId'));
  },
  // The live stream of these states tells what happens, then ends (a verifier reads a body to its end).
  'a customer writes to the user while their live stream is open': async (p) => {
    const sessionId = param(p, 'sessionId');
    await givenChatSession(USER_ID, {
      id: sessionId,
      fromNumber: '8613912345678@c.us',
      createdAt: minutesAgo(10),
      messages: [{ content: '你好' }],
    });
    givenNextLiveStream(USER_ID);
    await givenLiveMessage(USER_ID, {
      sessionId,
      id: param(p, 'messageId'),
      content: 'Is the blue one in stock?',
    });
  },
  'the chatbot has a Q&A entry': async (p) => {
    const { question, answer } = { question: param(p, 'question'), answer: param(p, 'answer') };
    await givenQaEntry(USER_ID, param(p, 'chatbotId'), { question, answer }, param(p, 'id'));
  },
  'the chatbot has an unanswered question': async (p) => {
    const group = { question: param(p, 'question'), examples: ['Can I buy a gift card?'], count: 2 };
    await givenUnanswered(USER_ID, param(p, 'chatbotId'), group, param(p, 'id'));
  },
  'the chatbot has as many Q&A entries as allowed': async (p) => {
    for (let i = 0; i < QA_LIMIT; i++) {
      await givenQaEntry(USER_ID, param(p, 'chatbotId'), {
        question: `Question ${i + 1}?`,
        answer: 'An answer.',
      });
    }
  },
  'the chatbot has a website source': async (p) => {
    // Its crawl under way: the start page read, the pages it links to queued.
    const source = await givenSource(
      USER_ID,
      param(p, 'chatbotId'),
      { url: param(p, 'url'), depth: 2 },
      param(p, 'id'),
    );
    await crawlOn(source.id, 1);
  },
  'the chatbot holds as many website pages as allowed': async (p) => {
    // Seven generated sites of 8 pages: the crawls stop at the limit of 50.
    for (let i = 0; i < 7; i++) {
      const source = await givenSource(USER_ID, param(p, 'chatbotId'), {
        url: `https://shop${i}.example`,
        depth: 3,
      });
      await crawlOn(source.id, 20);
    }
  },
  'the user has a saved reply': async (p) => {
    await givenSavedReply(
      USER_ID,
      { shortcut: param(p, 'shortcut'), text: param(p, 'text') },
      param(p, 'id'),
    );
  },
  'a customer asks for a person while the live stream is open': async (p) => {
    const sessionId = param(p, 'sessionId');
    await givenChatSession(USER_ID, {
      id: sessionId,
      fromNumber: '447700900123@c.us',
      createdAt: minutesAgo(10),
      messages: [{ content: 'Hello' }],
    });
    givenNextLiveStream(USER_ID);
    await givenLiveMessage(USER_ID, { sessionId, content: 'Can I talk to a person, please?' });
    await botTakesTurn(USER_ID, sessionId);
  },
  'an instance of the user goes offline while their live stream is open': async (p) => {
    await readyInstance(param(p, 'id'));
    givenNextLiveStream(USER_ID);
    await givenInstanceStatus(param(p, 'id'), 'offline');
  },
  'the user has requested a prompt optimization': async (p) => {
    givenPromptOptimization(USER_ID, { id: param(p, 'id'), prompt: param(p, 'prompt') });
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
  'the user had a conversation every day of the last week': async () => {
    // Local noon of each of the last seven days (today's is earlier today, so never in the future).
    for (let ago = 0; ago < 7; ago++) {
      const noon = new Date();
      noon.setDate(noon.getDate() - ago);
      noon.setHours(ago === 0 ? 0 : 12, ago === 0 ? 1 : 0, 0, 0);
      const at = (m: number) => new Date(noon.getTime() + m * 60_000).toISOString();
      await givenChatSession(USER_ID, {
        id: `sess-week-${ago}`,
        fromNumber: `86138123456${ago}0@c.us`,
        createdAt: at(0),
        messages: [
          { content: 'Thanks, great service!', sender: 'user', sentAt: at(0) },
          { content: 'You are welcome.', sender: 'assistant', sentAt: at(1) },
        ],
      });
    }
  },
  'the user had a conversation on a day': async (p) => {
    // Local noon of that day of the user's calendar.
    const [y = 0, m = 1, d = 1] = param(p, 'date').split('-').map(Number);
    const at = (min: number) => new Date(y, m - 1, d, 12, min).toISOString();
    await givenChatSession(USER_ID, {
      id: 'sess-on-day',
      fromNumber: '8613812345678@c.us',
      createdAt: at(0),
      messages: [
        { content: 'Hello, do you ship to Taipei?', sender: 'user', sentAt: at(0) },
        { content: 'Yes, in 3-5 business days.', sender: 'assistant', sentAt: at(1) },
      ],
    });
  },
  'the token trend cannot be computed': async () => {
    givenTrendFailure('tokens');
  },
  'the user handed conversations to a person today and yesterday': () =>
    givenHandoffsTodayAndYesterday(USER_ID),
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
  'a person handles the chat session': async (p) => {
    await givenHandling(param(p, 'id'), {
      by: 'person',
      name: 'owner',
      reason: 'takenOver',
      since: minutesAgo(5),
      until: null,
    });
  },
  'a chat session waits for a person': async (p) => {
    await givenChatSession(USER_ID, {
      id: param(p, 'id'),
      fromNumber: '447700900123@c.us',
      createdAt: minutesAgo(30),
      messages: [{ content: 'Can I talk to a person, please?', sender: 'user', sentAt: minutesAgo(30) }],
      handling: { by: 'waiting', reason: 'askedForPerson', since: minutesAgo(29) },
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
