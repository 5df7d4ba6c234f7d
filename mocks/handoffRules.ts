import type { HandoffLanguage, HandoffSettings } from '../src/api/schemas/handoff';
import { CJK } from './conversations';

/*
 * The mock bot's rules for handing a conversation to the team (beyond the spec), as pure functions of what the
 * customer wrote, the bot's handoff settings and the time: the phrases that ask for a person, a negative mood,
 * the language a customer writes in, and when the team is back.
 */

/** What a customer writes to ask for a person, per language (compared without case; whole words in English). */
export const HANDOFF_PHRASES: Record<HandoffLanguage, readonly string[]> = {
  en: ['talk to a person', 'speak to a person', 'real person', 'human', 'agent', 'representative'],
  'zh-CN': ['人工', '真人', '转人工', '客服人员', '找人'],
  'zh-TW': ['真人', '專人', '轉人工', '客服人員', '找人'],
};

/** Words of an unhappy customer, in the three languages. */
export const NEGATIVE_WORDS: readonly string[] = [
  'angry',
  'terrible',
  'awful',
  'worst',
  'useless',
  'ridiculous',
  'unacceptable',
  'complaint',
  '生气',
  '太差',
  '垃圾',
  '投诉',
  '失望',
  '生氣',
  '投訴',
];

/** Characters written only in traditional Chinese, common in customers' messages. */
const TRADITIONAL = /[請們這個專轉問題與為會裡麼嗎號貨還價錢體氣訴]/;

/** The language a customer wrote in: any Chinese character is Chinese, traditional if it uses its forms. */
export function customerLanguage(text: string): HandoffLanguage {
  if (!CJK.test(text)) return 'en';
  return TRADITIONAL.test(text) ? 'zh-TW' : 'zh-CN';
}

/** Whether `text` says one of `phrases`: Chinese and several words anywhere in it, one English word whole. */
function says(text: string, phrases: readonly string[]): boolean {
  const said = text.toLowerCase().replace(/\s+/g, ' ');
  const words = new Set(said.split(/[^\p{L}\p{N}]+/u));
  return phrases.some((raw) => {
    const phrase = raw.trim().toLowerCase();
    if (!phrase) return false;
    return phrase.includes(' ') || CJK.test(phrase) ? said.includes(phrase) : words.has(phrase);
  });
}

/** Whether a customer's message asks for a person: the built-in phrases of any language, or the bot's own. */
export const asksForPerson = (text: string, own: readonly string[] = []): boolean =>
  says(text, [...Object.values(HANDOFF_PHRASES).flat(), ...own]);

export const soundsUnhappy = (text: string): boolean => says(text, NEGATIVE_WORDS);

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 Sunday) and minutes after midnight at `at` in `timeZone`; null for a zone not known. */
function localTime(timeZone: string, at: number): { day: number; minutes: number } | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(at));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return {
      day: WEEKDAYS.indexOf(part('weekday')),
      minutes: Number(part('hour')) * 60 + Number(part('minute')),
    };
  } catch {
    return null;
  }
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface Reopening {
  /** Days from today (0: later today). */
  inDays: number;
  day: number;
  time: string;
}

/**
 * When the team is next open, if it is closed at `at` by the bot's hours; null while it is open, when the
 * hours are off or their time zone is not known, or when no day has opening hours.
 */
export function closedUntil(hours: HandoffSettings['hours'], at: number): Reopening | null {
  if (!hours.enabled) return null;
  const local = localTime(hours.timeZone, at);
  if (!local || local.day < 0) return null;
  const today = hours.week[local.day];
  if (today && local.minutes >= minutesOf(today.open) && local.minutes < minutesOf(today.close)) return null;
  for (let inDays = 0; inDays <= 7; inDays += 1) {
    const day = (local.day + inDays) % 7;
    const opening = hours.week[day];
    if (!opening) continue;
    if (inDays === 0 && local.minutes >= minutesOf(opening.open)) continue;
    return { inDays, day, time: opening.open };
  }
  return null;
}

const LOCALES: Record<HandoffLanguage, string> = { en: 'en-GB', 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW' };

/** "Our team is back tomorrow at 09:00.", in the customer's language. */
export function backAt(reopening: Reopening, language: HandoffLanguage): string {
  // 2026-11-01 was a Sunday: the weekday's name in the customer's language, from a date that has it.
  const weekday = new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2026, 10, 1 + reopening.day),
  );
  const { inDays, time } = reopening;
  if (language === 'en') {
    const when =
      inDays === 0 ? `today at ${time}` : inDays === 1 ? `tomorrow at ${time}` : `on ${weekday} at ${time}`;
    return `Our team is back ${when}.`;
  }
  const when = inDays === 0 ? `今天 ${time}` : inDays === 1 ? `明天 ${time}` : `${weekday} ${time}`;
  return language === 'zh-CN' ? `我们的团队将于${when}回来。` : `我們的團隊將於${when}回來。`;
}
