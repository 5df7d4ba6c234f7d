import type { PromptVersion } from '../../api/schemas/chatbots';

/** Why the editor's text was replaced by something else than typing. */
export type ReplaceReason = 'optimisation' | 'restore';

export interface PromptHistory {
  /**
   * The saved versions, oldest first: the server's, then this session's saves. When the server could not
   * say (or in new mode), it starts from the prompt as it was opened.
   */
  versions: PromptVersion[];
  /**
   * Whether the server's versions are in the list: kept, could not be read (older ones may be missing), or not
   * offered (a server that keeps no versions: the list is this session's).
   */
  older: OlderVersions;
  /** What the editor held before an AI optimisation or a restore replaced it, so that can be undone. */
  replaced: { reason: ReplaceReason; prompt: string } | null;
}

export type OlderVersions = 'kept' | 'failed' | 'notOffered';

export type HistoryTag =
  | 'unsaved'
  | 'beforeOptimisation'
  | 'beforeRestore'
  | 'inUse'
  | 'beforeLastSave'
  | 'initial'
  | 'saved';

/** One line of the history viewer: a prompt, when it was saved (if it was), and what it is. */
export interface HistoryEntry {
  key: string;
  prompt: string;
  at: string | null;
  tags: HistoryTag[];
}

const same = (a: string, b: string) => a.trim() === b.trim();

export const emptyHistory = (): PromptHistory => ({ versions: [], older: 'kept', replaced: null });

/**
 * The history of a bot just opened: the server's versions, or (without them: they failed to load, or the
 * server keeps none) the prompt as opened.
 */
export function openedHistory(
  prompt: string,
  versions: PromptVersion[] | Exclude<OlderVersions, 'kept'>,
): PromptHistory {
  if (Array.isArray(versions) && versions.length > 0) return { versions, older: 'kept', replaced: null };
  return {
    versions: prompt.trim() ? [{ id: 'opened', prompt }] : [],
    older: Array.isArray(versions) ? 'kept' : versions,
    replaced: null,
  };
}

/** A save recorded a version (the server does the same on its side). */
export const withSaved = (history: PromptHistory, prompt: string, at: string | null): PromptHistory => ({
  ...history,
  versions: [
    ...history.versions,
    { id: `saved-${history.versions.length}`, prompt, ...(at ? { createdAt: at } : {}) },
  ],
});

/** The editor's text is being replaced: keep it, unless it is already one of the saved versions. */
export function withReplaced(history: PromptHistory, current: string, reason: ReplaceReason): PromptHistory {
  const kept = !current.trim() || history.versions.some((v) => same(v.prompt, current));
  return kept ? history : { ...history, replaced: { reason, prompt: current } };
}

/**
 * What the viewer lists, newest first: the unsaved text in the editor, the text an optimisation or restore
 * replaced, then every saved version; the newest saved is the one in use (for a saved bot), the one before it
 * what the last save replaced, and the oldest the initial prompt.
 */
export function historyEntries(history: PromptHistory, current: string, isSavedBot: boolean): HistoryEntry[] {
  const { versions, replaced } = history;
  const latest = versions.at(-1);
  const entries: HistoryEntry[] = [];
  if (!latest || !same(latest.prompt, current)) {
    if (current.trim()) entries.push({ key: 'current', prompt: current, at: null, tags: ['unsaved'] });
  }
  if (replaced && !same(replaced.prompt, current)) {
    entries.push({
      key: 'replaced',
      prompt: replaced.prompt,
      at: null,
      tags: [replaced.reason === 'optimisation' ? 'beforeOptimisation' : 'beforeRestore'],
    });
  }
  const last = versions.length - 1;
  for (let i = last; i >= 0; i--) {
    const version = versions[i] as PromptVersion;
    const tags: HistoryTag[] = [];
    if (i === last && isSavedBot) tags.push('inUse');
    if (i === last - 1) tags.push('beforeLastSave');
    if (i === 0) tags.push('initial');
    if (tags.length === 0) tags.push('saved');
    entries.push({
      key: `version:${version.id}:${i}`,
      prompt: version.prompt,
      at: version.createdAt ?? null,
      tags,
    });
  }
  return entries;
}
