import { readStored, writeStored } from '../../../api/storage';

/** What is typed in each conversation's reply box, kept through leaving the screen and reloads. */
const DRAFTS = 'reply-drafts';
/** The drafts kept at most: the latest typed win (a box left half-written months ago is not worth keeping). */
export const MAX_DRAFTS = 50;

type Drafts = Record<string, string>;

function readAll(): Drafts {
  try {
    const parsed: unknown = JSON.parse(readStored(DRAFTS) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export const readDraft = (sessionId: string): string => readAll()[sessionId] ?? '';

/** Keeps a conversation's draft (an empty one is dropped), the most recent last. */
export function writeDraft(sessionId: string, text: string): void {
  const { [sessionId]: _old, ...others } = readAll();
  const kept = Object.entries(others).slice(-(MAX_DRAFTS - 1));
  const next = Object.fromEntries(text.trim() === '' ? kept : [...kept, [sessionId, text]]);
  writeStored(DRAFTS, Object.keys(next).length > 0 ? JSON.stringify(next) : null);
}
