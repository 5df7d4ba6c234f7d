import { CJK } from './conversations';

/*
 * How the mock bot finds a question-and-answer entry for what a customer asked (issue 33), deterministically
 * and in the three languages: the texts are reduced to their words (English words without the small ones,
 * Chinese as pairs of characters, traditional and simplified forms alike), and an entry matches when the
 * words it shares with the question are at least QA_MATCH_THRESHOLD of them (Dice's coefficient).
 */

export const QA_MATCH_THRESHOLD = 0.5;

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'is',
  'are',
  'do',
  'does',
  'can',
  'i',
  'you',
  'we',
  'my',
  'your',
  'to',
  'of',
  'in',
  'on',
  'for',
  'it',
  'and',
  'or',
  'me',
  'please',
  'what',
  'how',
  'when',
  'where',
  'there',
  'be',
  'with',
  'at',
]);

/** Traditional forms the demo's customers write, read as the simplified ones (one table, both ways alike). */
const TO_SIMPLIFIED: Record<string, string> = {
  請: '请',
  問: '问',
  貨: '货',
  運: '运',
  費: '费',
  寄: '寄',
  幾: '几',
  錢: '钱',
  營: '营',
  業: '业',
  時: '时',
  間: '间',
  這: '这',
  個: '个',
  們: '们',
  嗎: '吗',
  還: '还',
  號: '号',
  訂: '订',
  單: '单',
  退: '退',
  換: '换',
  價: '价',
  國: '国',
  際: '际',
  發: '发',
  門: '门',
  開: '开',
  關: '关',
  麼: '么',
};

/** The words of a text, as a set: English words and Chinese character pairs. */
export function qaWords(text: string): Set<string> {
  const words = new Set<string>();
  const normal = [...text.toLowerCase()].map((c) => TO_SIMPLIFIED[c] ?? c).join('');
  for (const word of normal.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    if (!CJK.test(word)) {
      if (!STOP_WORDS.has(word)) words.add(word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);
      continue;
    }
    const chars = [...word].filter((c) => CJK.test(c));
    if (chars.length === 1) words.add(chars[0] as string);
    for (let i = 0; i + 1 < chars.length; i += 1) words.add(`${chars[i]}${chars[i + 1]}`);
  }
  return words;
}

/** How alike two texts are, 0 to 1 (Dice's coefficient of their words). */
export function qaSimilarity(a: string, b: string): number {
  const x = qaWords(a);
  const y = qaWords(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const word of x) if (y.has(word)) shared += 1;
  return (2 * shared) / (x.size + y.size);
}

/** The entry whose question is most like `asked`, if any is alike enough; ties go to the first. */
export function bestQaMatch<E extends { question: string }>(
  asked: string,
  entries: readonly E[],
): { entry: E; score: number } | null {
  let best: { entry: E; score: number } | null = null;
  for (const entry of entries) {
    const score = qaSimilarity(asked, entry.question);
    if (score >= QA_MATCH_THRESHOLD && (!best || score > best.score)) best = { entry, score };
  }
  return best;
}
