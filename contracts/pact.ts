import { MatchersV3, PactV4, SpecificationVersion, type V3MockServer } from '@pact-foundation/pact';
import { configureClient } from '../src/api/client';
import { BOT_SETTINGS_DEFAULTS } from '../src/api/schemas/chatbots';
import { clearUserInfo, writeUserInfo } from '../src/api/storage';

export const CONSUMER = 'influx-dashboard';
export const PROVIDER = 'influx-api';
export const PACT_DIR = 'contracts/pacts';
export const PACT_FILE = `${PACT_DIR}/${CONSUMER}-${PROVIDER}.json`;

/** The user every provider state signs in: the verification seeds exactly this token and id. */
export const USER_ID = 'user-1';
export const TOKEN = 'pact-token';
export const AUTH = { Authorization: `Bearer ${TOKEN}` };
export const JSON_HEADERS = { 'Content-Type': 'application/json' };

export const newPact = () =>
  new PactV4({
    consumer: CONSUMER,
    provider: PROVIDER,
    dir: PACT_DIR,
    logLevel: 'warn',
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
  });

/** Points the real client at Pact's mock server, signed in (or not) as the contract's user. */
export function useMockServer(server: V3MockServer, { signedIn = true } = {}): void {
  configureClient({ baseURL: `${server.url}/api/v1`, onUnauthorized: () => {}, currentLocation: () => '/' });
  if (signedIn) writeUserInfo({ accessToken: TOKEN, id: USER_ID, userId: USER_ID });
  else clearUserInfo();
}

const { like, integer, regex, string } = MatchersV3;

export const dateTime = (example = '2026-11-20T09:30:00.000Z') =>
  regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, example);

/** The error body shape of every failing call, with its code pinned. */
export const errorBody = (statusCode: number, code: string, message: string) => ({
  statusCode: integer(statusCode),
  message: string(message),
  code,
});

export const planExample = (id = 'plan-starter') => ({
  id: like(id),
  name: string('Starter'),
  level: integer(1),
  description: like('For small teams'),
  instanceLimit: integer(1),
  chatbotLimit: integer(3),
  monthlyTokenLimit: integer(100000),
  totalChatSessionLimit: integer(500),
  knowledgeBaseFileLimit: integer(10),
  monthlyPrice: MatchersV3.number(99),
  yearlyPrice: MatchersV3.number(990),
  monthlyPriceId: like('price_starter_monthly'),
  yearlyPriceId: like('price_starter_yearly'),
  hasAdvancedFeatures: MatchersV3.boolean(false),
  hasCustomPrompt: MatchersV3.boolean(true),
  status: integer(1),
});

export const knowledgeFileExample = {
  fileIdOnPlatform: like('kf-1'),
  fileUrl: like('https://files.example/kf-1/faq.pdf'),
  name: like('faq.pdf'),
  fileSize: integer(20480),
};

/*
 * The examples hold what the client requires (spec section 3's fields), with type matchers; fields the client
 * may go without (isActive and updatedAt of a chatbot, phoneNumber, createdAt and lastActiveAt of an
 * instance) are left out, so the contract does not pin them.
 */
export const chatbotExample = (id = 'bot-1', name = 'Support bot') => ({
  id: like(id),
  name: like(name),
  description: like('Answers customer questions'),
  prompt: like('You are the customer service assistant of [Company Name].'),
  platform: like('openai'),
  model: like('gpt-4o-mini'),
  temperature: regex(/^\d(\.\d+)?$/, '0.7'),
  maxTokens: integer(2048),
  stop: MatchersV3.nullValue(),
  type: like('chat'),
  KnowledgeBaseFile: MatchersV3.eachLike(knowledgeFileExample, 0),
  // The style settings are stored with the bot: each one, of its type.
  settings: like({ ...BOT_SETTINGS_DEFAULTS }),
});

export const instanceExample = (id = 'inst-1') => ({
  id: like(id),
  instanceName: like('Front desk'),
  chatbotId: like('bot-1'),
  status: integer(1),
  instanceStatus: like('ready'),
  // A linked phone has no code to scan.
  qrCode: MatchersV3.nullValue(),
});

export const messageExample = {
  id: like('msg-1'),
  content: like('Hello, do you ship to Taipei?'),
  sender: like('user'),
  sentAt: dateTime(),
};

export const analysisExample = {
  emotion_positive_percent: regex(/^\d{1,3}$/, '72'),
  key_words: MatchersV3.eachLike('shipping', 1),
  user_will: like('Wants to know delivery times'),
};

/** The billing details of the contract's user, once saved. */
export const billingDetailsExample = {
  companyName: 'Harbour Tea Trading Ltd.',
  addressLine1: '18 Queensway, Unit 1203',
  addressLine2: '',
  city: 'Hong Kong',
  region: '',
  postalCode: '',
  country: 'HK',
  taxId: '71234567-000-03-24-A',
  billingEmail: 'accounts@harbourtea.example',
};
