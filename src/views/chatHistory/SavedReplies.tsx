import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { SavedReply } from '../../api/schemas/savedReplies';
import type { savedRepliesMachine } from '../../machines/chatHistory/savedReplies/savedReplies.machine';
import { ChatHistoryContext } from './context';

type SavedRepliesActor = ActorRefFrom<typeof savedRepliesMachine>;

/** The screen's saved replies flow, while the server offers them. */
export function useSavedReplies(): { actor: SavedRepliesActor | undefined; replies: SavedReply[] } {
  const actor = ChatHistoryContext.useSelector(
    (s) => s.children.savedReplies as SavedRepliesActor | undefined,
  );
  const replies = useSelector(actor, (s) => (s && !s.hasTag('notOffered') ? s.context.replies : NONE));
  return { actor: replies === NONE ? undefined : actor, replies };
}
const NONE: SavedReply[] = [];

/** The "/word" being typed at the end of a reply, if any: what the saved replies are filtered by. */
export function slashQuery(draft: string): string | null {
  return /(?:^|\s)\/([^\s/]*)$/.exec(draft)?.[1] ?? null;
}

/** The replies a "/word" finds: shortcuts that start with it first, then texts that contain it. */
export function matchingReplies(replies: SavedReply[], query: string): SavedReply[] {
  const q = query.toLowerCase();
  const byShortcut = replies.filter((r) => r.shortcut.toLowerCase().startsWith(q));
  const byText = q ? replies.filter((r) => !byShortcut.includes(r) && r.text.toLowerCase().includes(q)) : [];
  return [...byShortcut, ...byText].slice(0, 6);
}

/** The draft with its "/word" replaced by the reply's text. */
export const insertReply = (draft: string, reply: SavedReply) => draft.replace(/\/[^\s/]*$/, reply.text);

/**
 * The saved replies a reply's "/word" finds, and the keys that use them: the arrows choose one, Enter or Tab
 * puts it in place of the "/word", Escape leaves them (until the draft changes). `onKeyDown` says whether it
 * used the key.
 */
export function useReplySuggestions(draft: string, replies: SavedReply[], onInsert: (text: string) => void) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const query = slashQuery(draft);
  const matches = query !== null && dismissed !== draft ? matchingReplies(replies, query) : [];
  const marked = Math.min(active, Math.max(0, matches.length - 1));
  const pick = (reply: SavedReply) => {
    onInsert(insertReply(draft, reply));
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent): boolean => {
    const chosen = matches[marked];
    if (!chosen) return false;
    const moves: Record<string, number> = { ArrowDown: marked + 1, ArrowUp: marked - 1 };
    const move = moves[event.key];
    if (move !== undefined) setActive((move + matches.length) % matches.length);
    else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') pick(chosen);
    else if (event.key === 'Escape') setDismissed(draft);
    else return false;
    event.preventDefault();
    return true;
  };
  return { matches, marked, pick, onKeyDown };
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  li + li { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  button {
    display: grid;
    width: 100%;
    gap: 2px;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 0;
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    text-align: start;
    font: inherit;
    cursor: pointer;
  }
  button[aria-current='true'], button:hover { background: ${({ theme }) => theme.color.primarySoft}; }
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: ${({ theme }) => theme.color.textMuted}; }
`;

/** The saved replies a "/word" finds, under the reply box: the marked one goes in with Enter or Tab. */
export function ReplySuggestions({
  matches,
  active,
  onPick,
}: {
  matches: SavedReply[];
  active: number;
  onPick: (reply: SavedReply) => void;
}) {
  const { t } = useLingui();
  const marked = matches[active];
  return (
    <>
      <List aria-label={t`Saved replies`}>
        {matches.map((r, i) => (
          <li key={r.id}>
            <button type="button" aria-current={i === active} onClick={() => onPick(r)}>
              <strong>/{r.shortcut}</strong>
              <span>{r.text}</span>
            </button>
          </li>
        ))}
      </List>
      <span className="visually-hidden" role="status">
        {marked ? t`Enter inserts the saved reply “${marked.shortcut}”; the arrow keys choose another.` : ''}
      </span>
    </>
  );
}
