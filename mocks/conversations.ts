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

/** The test chat's reply: in the bot's persona, about the user's message, aware of the thread so far. */
export function testReply(
  prompt: string,
  botName: string,
  earlierUserMessages: string[],
  message: string,
): string {
  const { role, company } = persona(prompt, botName);
  const topic = topicOf(message);
  const turn = earlierUserMessages.length + 1;
  const answer = topic
    ? (topic.answers[(turn - 1) % topic.answers.length] ?? '')
    : `You wrote: "${message.trim()}". Could you tell me a little more so I can help you properly?`;
  if (turn === 1) return `Hello! I am the ${role} of ${company}. ${answer}`;
  const first = earlierUserMessages[0] ?? '';
  return `${answer} (Message ${turn} in this chat; you first asked: "${first}")`;
}
