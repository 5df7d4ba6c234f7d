import { BOT_SETTINGS_DEFAULTS, type BotSettings } from '../src/api/schemas/chatbots';
import type { ChatAnalysis } from '../src/api/schemas/chatSessions';

/**
 * The mock's "language model": customer-service topics with lines for both sides, used to generate the
 * seeded conversations, to analyse a conversation and to answer test chats. Everything is deterministic:
 * the same messages always give the same analysis and the same reply.
 */
export interface Topic {
  name: string;
  /** Words that identify the topic in a customer's message. */
  cues: string[];
  intent: string;
  openers: string[];
  followUps: string[];
  answers: string[];
}

export const TOPICS: Topic[] = [
  {
    name: 'shipping',
    cues: ['ship', 'shipping', 'delivery', 'deliver', 'courier', 'abroad'],
    intent: 'Wants to know delivery options and times',
    openers: [
      'Hi, do you ship to Taipei?',
      'How long does delivery to Shanghai usually take?',
      'Do you ship abroad?',
    ],
    followUps: [
      'How much is express shipping?',
      'Can I pick the delivery time?',
      'Which courier do you use?',
    ],
    answers: [
      'We ship to over 40 countries. Standard delivery takes 3-5 business days.',
      'Express shipping costs $12 and arrives in 1-2 business days.',
      'We use DHL and SF Express, and you get a tracking link as soon as the parcel leaves.',
    ],
  },
  {
    name: 'order',
    cues: ['order', 'tracking', 'track', 'parcel', 'package', 'arrived'],
    intent: 'Wants to know where an order is',
    openers: [
      'Where is my order #48213?',
      'My package has not arrived yet, can you check?',
      'Can I change the address on my order?',
    ],
    followUps: [
      'It says "in transit" since Monday.',
      'The order number is 51877.',
      'Can you send the tracking link again?',
    ],
    answers: [
      'Let me check that for you. Your order left our warehouse yesterday and should arrive within 2 days.',
      'I have updated the delivery address. You will get a confirmation e-mail in a few minutes.',
      'Here is your tracking link: track.demo/51877. The courier expects to deliver tomorrow.',
    ],
  },
  {
    name: 'refund',
    cues: ['refund', 'return', 'money back', 'exchange', 'damaged', 'broken'],
    intent: 'Wants to return a product and get a refund',
    openers: [
      'I want to return the blender I bought last week.',
      'My headphones arrived damaged.',
      'How do I get a refund?',
    ],
    followUps: [
      'Do I have to pay for the return shipping?',
      'How long does the refund take?',
      'Can I exchange it instead?',
    ],
    answers: [
      'I am sorry about that. You can return any item within 30 days, and return shipping is free.',
      'Refunds go back to your original payment method within 5 business days after we receive the item.',
      'Of course, I can arrange an exchange. I have sent you a prepaid return label by e-mail.',
    ],
  },
  {
    name: 'pricing',
    cues: ['price', 'pricing', 'cost', 'how much', 'discount', 'plan', 'quote'],
    intent: 'Wants pricing information before buying',
    openers: [
      'How much is the premium plan?',
      'Do you have any discounts for students?',
      'Can I get a quote for 20 units?',
    ],
    followUps: ['Is there a yearly option?', 'Does the price include tax?', 'Can I try it first?'],
    answers: [
      'The premium plan is $29 per month, or $290 per year, which saves you two months.',
      'Yes, students get 20% off with a valid student e-mail address.',
      'For 20 units we can offer 15% off the list price. I can send a formal quote by e-mail.',
    ],
  },
  {
    name: 'booking',
    cues: ['book', 'booking', 'appointment', 'reserve', 'schedule', 'available'],
    intent: 'Wants to book an appointment',
    openers: [
      'Can I book an appointment for Saturday morning?',
      'Do you have a table for four tonight?',
      'I need to reschedule my visit.',
    ],
    followUps: ['Is 10:30 possible?', 'Can I bring my child along?', 'Do I need to pay a deposit?'],
    answers: [
      'Saturday at 10:30 is available. Shall I book it for you?',
      'Your appointment is confirmed. We will send you a reminder the day before.',
      'No deposit is needed. You can cancel free of charge up to 24 hours in advance.',
    ],
  },
  {
    name: 'technical',
    cues: ['error', 'login', 'password', 'app', 'crash', 'bug', 'not working', 'reset'],
    intent: 'Needs help with a technical problem',
    openers: [
      'The app keeps logging me out.',
      'I forgot my password and the reset e-mail never came.',
      'I get an error when I pay.',
    ],
    followUps: ['I am on Android 14.', 'I already tried reinstalling.', 'It says "payment declined".'],
    answers: [
      'Sorry for the trouble. Please update the app to version 4.2, which fixes that logout problem.',
      'I have sent a new password reset link. Please check your spam folder too.',
      'That error usually means the bank blocked the payment. Could you try another card or contact your bank?',
    ],
  },
];

const POSITIVE = [
  'thanks',
  'thank',
  'great',
  'perfect',
  'appreciate',
  'helpful',
  'awesome',
  'love',
  'good',
  'nice',
];
const NEGATIVE = [
  'damaged',
  'broken',
  'frustrating',
  'angry',
  'disappointed',
  'late',
  'wrong',
  'terrible',
  'never',
  'error',
];
const STOP_WORDS = new Set(
  'about after again already also because before could their there these thing think those would which where while with your have this that what when from does they them been were will just some want need please hello there'.split(
    ' ',
  ),
);

export const CLOSINGS = {
  happy: ['Great, thanks a lot!', 'Perfect, that is really helpful.', 'Thank you, have a nice day!'],
  unhappy: [
    'This is really frustrating.',
    'I am disappointed, it is already late.',
    'OK, but this is the second time.',
  ],
};

const isBot = (sender: string) => sender === 'bot' || sender === 'assistant';
const words = (text: string) => text.toLowerCase().match(/[a-z][a-z'-]+/g) ?? [];

export function topicOf(text: string): Topic | undefined {
  const lower = text.toLowerCase();
  let best: { topic: Topic; score: number } | undefined;
  for (const topic of TOPICS) {
    const score = topic.cues.filter((cue) => lower.includes(cue)).length;
    if (score > 0 && (!best || score > best.score)) best = { topic, score };
  }
  return best?.topic;
}

export function analyzeConversation(
  messages: ReadonlyArray<{ content: string; sender: string }>,
): ChatAnalysis {
  const customerText = messages
    .filter((m) => !isBot(m.sender))
    .map((m) => m.content)
    .join(' ');
  const tokens = words(customerText);
  const count = (list: string[]) => tokens.filter((w) => list.some((p) => w.startsWith(p))).length;
  const positive = count(POSITIVE);
  const negative = count(NEGATIVE);
  const percent = Math.round((100 * (positive + 1)) / (positive + negative + 2));

  const topic = topicOf(customerText);
  const keywords = new Set<string>(topic ? [topic.name] : []);
  const frequency = new Map<string, number>();
  for (const w of tokens)
    if (w.length >= 5 && !STOP_WORDS.has(w)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const ranked = [...frequency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
  for (const w of ranked) {
    if (keywords.size >= 6) break;
    keywords.add(w);
  }
  for (const filler of ['customer', 'service', 'question']) if (keywords.size < 3) keywords.add(filler);

  return {
    emotion_positive_percent: String(percent),
    key_words: [...keywords],
    user_will: topic?.intent ?? 'Wants general information about the products and services',
  };
}

/** Role and company from the first lines of a system prompt ("You are the sales assistant of Acme."). */
export function persona(prompt: string, fallbackName: string): { role: string; company: string } {
  const head = prompt.split('\n').slice(0, 3).join(' ');
  // "You are [Name, ]the <role> of|for|at <company>."
  const match = /you are (?:\w+, )?(?:an? |the )?([^.,;]+?) (?:for|of|at) ([^.,;\n]+)/i.exec(head);
  return { role: match?.[1]?.trim() ?? fallbackName, company: match?.[2]?.trim() ?? 'our company' };
}

/* ---------------------------------------------------------------------------------------------------------
 * The test chat's replies. Deterministic, and shaped by the bot's style settings: the welcome message first in
 * a new thread, the fallback message when nothing known matches, the language, tone and length asked for,
 * and emoji, markdown and bullets only where they are switched on.
 * ------------------------------------------------------------------------------------------------------- */

type ReplyLanguage = 'en' | 'zh';

/** What the reply needs of a chatbot record. */
export interface ReplyBot {
  prompt: string;
  name: string;
  settings?: Partial<BotSettings>;
  KnowledgeBaseFile?: ReadonlyArray<{ name: string }>;
}

/** A Chinese character. */
export const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Chinese cues and answers of the topics (by name), in Simplified Chinese (the knowledge index reads them too). */
export const TOPICS_ZH: Record<string, { cues: string[]; answers: string[] }> = {
  shipping: {
    cues: ['配送', '运费', '快递', '发货', '寄', '海外', '国外', '送货', '物流'],
    answers: [
      '我们可以配送到 40 多个国家和地区。标准配送需要 3-5 个工作日。',
      '加急配送费用为 12 美元，1-2 个工作日送达。',
      '我们使用 DHL 和顺丰速运，包裹发出后您会立即收到追踪链接。',
    ],
  },
  order: {
    cues: ['订单', '单号', '包裹', '追踪', '到货', '查询'],
    answers: [
      '我来帮您查一下。您的订单昨天已从仓库发出，预计 2 天内送达。',
      '我已更新收货地址，几分钟内您会收到确认邮件。',
      '这是您的追踪链接：track.demo/51877。快递预计明天送达。',
    ],
  },
  refund: {
    cues: ['退款', '退货', '换货', '损坏', '坏了', '退钱'],
    answers: [
      '很抱歉给您带来不便。所有商品 30 天内均可退货，退货运费全免。',
      '收到商品后，退款会在 5 个工作日内退回您的原支付方式。',
      '当然可以为您安排换货。我已通过邮件把预付退货标签发给您。',
    ],
  },
  pricing: {
    cues: ['价格', '多少钱', '费用', '折扣', '优惠', '报价', '套餐'],
    answers: [
      '高级套餐每月 29 美元，按年付费 290 美元，相当于免费两个月。',
      '学生使用有效的学生邮箱可享 8 折优惠。',
      '20 件的订单我们可以在标价基础上优惠 15%，我可以通过邮件发送正式报价。',
    ],
  },
  booking: {
    cues: ['预约', '预订', '订位', '改期', '档期'],
    answers: [
      '周六上午 10:30 有空位，需要我帮您预约吗？',
      '您的预约已确认，我们会在前一天提醒您。',
      '无需支付定金，提前 24 小时取消不收取任何费用。',
    ],
  },
  technical: {
    cues: ['错误', '登录', '密码', '闪退', '故障', '重置', '打不开', '报错'],
    answers: [
      '抱歉给您带来麻烦。请把应用更新到 4.2 版，这个版本修复了自动退出的问题。',
      '我已重新发送密码重置链接，也请检查一下垃圾邮件文件夹。',
      '这个错误通常是银行拦截了付款。您可以换一张卡试试，或联系您的银行。',
    ],
  },
};

const TOPIC_EMOJI: Record<string, string> = {
  shipping: '📦',
  order: '🚚',
  refund: '↩️',
  pricing: '💰',
  booking: '📅',
  technical: '🛠️',
};

const GREETING =
  /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b|^\s*(你好|您好|嗨|哈喽|早上好|下午好|晚上好)/i;

/** How each tone opens an answer and closes a reply, in each language. */
const TONES = {
  en: {
    professional: { lead: '', close: 'Is there anything else I can help you with?' },
    friendly: { lead: 'Great question! ', close: 'Happy to help with anything else, just let me know!' },
    casual: { lead: 'Sure thing. ', close: 'Anything else? Just ask.' },
    formal: {
      lead: 'Thank you for your enquiry. ',
      close: 'Please do not hesitate to contact us should you require further assistance.',
    },
  },
  zh: {
    professional: { lead: '', close: '请问还有其他可以帮您的吗？' },
    friendly: { lead: '好问题！', close: '还有什么想了解的，随时告诉我哦！' },
    casual: { lead: '好嘞，', close: '还有啥想问的尽管说～' },
    formal: { lead: '感谢您的咨询。', close: '如需进一步协助，敬请随时与我们联系。' },
  },
} as const;

const TEXTS = {
  en: {
    welcome: (role: string, company: string) =>
      `Hello! I am the ${role} of ${company}. How can I help you today?`,
    greeting: 'Hello! How can I help you today?',
    fallback:
      'Sorry, I do not have information about that yet. Could you rephrase it, or ask me about orders, shipping, returns, prices or bookings?',
    more: 'More details:',
    source: (file: string) => `This comes from ${file}.`,
    thread: (turn: number, first: string) => `(Message ${turn} in this chat; you first asked: "${first}")`,
  },
  zh: {
    welcome: (role: string, company: string) => `您好！我是${company}的${role}，请问有什么可以帮您？`,
    greeting: '您好！请问有什么可以帮您？',
    fallback:
      '抱歉，我暂时没有这方面的信息。您可以换个说法，或者问我订单、配送、退货、价格或预约方面的问题。',
    more: '更多信息：',
    source: (file: string) => `以上信息来自 ${file}。`,
    thread: (turn: number, first: string) => `（本次对话的第 ${turn} 条消息；您最先问的是：“${first}”）`,
  },
} as const;

/** The role in Chinese, from the words of an English role. */
function roleZh(role: string): string {
  const r = role.toLowerCase();
  if (r.includes('sales')) return '销售助手';
  if (r.includes('tech')) return '技术支持助手';
  if (r.includes('service') || r.includes('support')) return '客服助手';
  return CJK.test(role) ? role : '智能助手';
}

/** The language of the reply: the bot's setting, or (auto) the customer's (any Chinese character: Chinese). */
export function replyLanguage(setting: BotSettings['language'], message: string): ReplyLanguage {
  if (setting === 'zh' || setting === 'en') return setting;
  return CJK.test(message) ? 'zh' : 'en';
}

/** The topic of a message, from its English or Chinese cues. */
function replyTopic(message: string): Topic | undefined {
  const english = topicOf(message);
  if (english) return english;
  const name = Object.entries(TOPICS_ZH).find(([, t]) => t.cues.some((c) => message.includes(c)))?.[0];
  return TOPICS.find((t) => t.name === name);
}

/** Whether the bot has no answer to a message (not a topic it knows, not a greeting): its fallback message. */
export const hasNoAnswer = (message: string): boolean => !replyTopic(message) && !GREETING.test(message);

/** Sentences of a text (English or Chinese punctuation). */
const sentences = (text: string) =>
  text.match(/[^.!?。！？]+[.!?。！？]+\s*/g)?.map((s) => s.trim()) ?? [text];

/** The first figure of a sentence (a price, a number of days), in bold. */
const boldFigure = (text: string) =>
  text.replace(
    /\$?\d[\d.,:-]*(\s?(%|美元|business days|个工作日|countries|days|天))?/,
    (m) => `**${m.trim()}**`,
  );

/**
 * The test chat's reply: in the bot's persona and settings, about the user's message, aware of the thread so
 * far (earlierUserMessages: the thread's earlier questions, oldest first).
 */
export function testReply(bot: ReplyBot, earlierUserMessages: string[], message: string): string {
  const s: BotSettings = { ...BOT_SETTINGS_DEFAULTS, ...bot.settings };
  const lang = replyLanguage(s.language, message);
  const text = TEXTS[lang];
  const tone = TONES[lang][s.tone];
  const { role, company } = persona(bot.prompt, bot.name);
  const turn = earlierUserMessages.length + 1;
  const topic = replyTopic(message);
  const greeting = !topic && GREETING.test(message);
  const emoji = (e: string) => (s.useEmoji ? ` ${e}` : '');
  const join = (parts: string[]) => parts.filter(Boolean).join(lang === 'zh' ? '' : ' ');
  const paragraphs: string[] = [];

  const welcome = s.welcomeEnabled && turn === 1;
  if (welcome) {
    const own = s.welcomeMessage.trim();
    paragraphs.push(own || `${text.welcome(lang === 'zh' ? roleZh(role) : role, company)}${emoji('👋')}`);
  }

  if (topic) {
    const answers = lang === 'zh' ? (TOPICS_ZH[topic.name]?.answers ?? topic.answers) : topic.answers;
    const index = (turn - 1) % answers.length;
    const answer = answers[index] ?? '';
    const [first = answer, ...rest] = sentences(answer);
    const lead = `${tone.lead}${s.useMarkdown ? boldFigure(first) : first}${emoji(TOPIC_EMOJI[topic.name] ?? '')}`;
    if (s.responseLength === 'short') paragraphs.push(lead);
    else paragraphs.push(join([lead, ...rest, s.responseLength === 'medium' ? tone.close : '']));
    if (s.responseLength === 'detailed') {
      const more = answers.filter((_, i) => i !== index);
      const heading = s.useMarkdown ? `**${text.more}**` : text.more;
      paragraphs.push(
        s.useBullets ? [heading, ...more.map((m) => `- ${m}`)].join('\n') : join([heading, ...more]),
      );
      const file =
        s.knowledgeWeight >= 0.5
          ? bot.KnowledgeBaseFile?.find((f) => topic.cues.some((c) => f.name.toLowerCase().includes(c)))
          : undefined;
      paragraphs.push(join([file ? text.source(file.name) : '', tone.close]));
    }
  } else if (greeting) {
    if (!welcome) paragraphs.push(`${text.greeting}${emoji('👋')}`);
  } else {
    paragraphs.push(s.fallbackMessage.trim() || `${text.fallback}${emoji('🤔')}`);
  }

  if (turn > 1) {
    const first = earlierUserMessages[0] ?? '';
    const last = paragraphs.pop() ?? '';
    paragraphs.push(join([last, text.thread(turn, first)]));
  }
  return paragraphs.join('\n\n');
}

/** A rough token count: a token per Chinese character, else per four characters. */
export function estimateTokens(text: string): number {
  const cjk = text.match(new RegExp(CJK.source, 'g'))?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** A reply as the model streams it: words with their spaces, Chinese a character or two at a time. */
export function replyChunks(reply: string): string[] {
  return (
    reply.match(
      /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]{1,2}|\s+|[^\s\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+\s*/g,
    ) ?? []
  );
}
