import { useLingui } from '@lingui/react/macro';
import { diffLines } from 'diff';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import type { HistoryEntry, HistoryTag, OlderVersions } from '../../machines/botSettings/promptHistory';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { DialogFooter, Modal } from '../ui/Dialog';
import { Badge, NotOffered } from '../ui/Feedback';
import { formatDateTime } from '../ui/format';
import { media } from '../ui/theme';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(200px, 260px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  min-height: 320px;
  @media ${media.below('mobile')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Versions = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(1)};
  max-height: 420px;
  overflow-y: auto;
  @media ${media.below('mobile')} { max-height: 200px; }
  button {
    all: unset;
    box-sizing: border-box;
    width: 100%;
    display: grid;
    gap: 4px;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    cursor: pointer;
    &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
    &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
    &[aria-pressed='true'] {
      border-color: ${({ theme }) => theme.color.primary};
      background: ${({ theme }) => theme.color.primarySoft};
    }
  }
  span.tags { display: flex; flex-wrap: wrap; gap: 4px; }
  time, span.preview { font-size: ${({ theme }) => theme.font.size.xs}; color: ${({ theme }) => theme.color.textMuted}; }
  span.preview { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const Diff = styled.pre`
  margin: 0;
  max-height: 420px;
  overflow: auto;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.xs};
  white-space: pre-wrap;
  word-break: break-word;
  ins, del { display: block; text-decoration: none; }
  ins { background: ${({ theme }) => theme.color.successSoft}; }
  del { background: ${({ theme }) => theme.color.dangerSoft}; }
  span.mark { user-select: none; display: inline-block; width: 1.5em; font-weight: bold; }
`;

const Compare = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  h2 { font-size: ${({ theme }) => theme.font.size.sm}; }
`;

/** Each line of the text, for the diff's rows (a trailing newline makes no empty row). */
const linesOf = (text: string) => text.replace(/\n$/, '').split('\n');

/** The selected version against the editor: lines only in the version are removed, only in the editor added. */
function LineDiff({ from, to }: { from: string; to: string }) {
  const { t } = useLingui();
  const parts = useMemo(() => diffLines(from, to), [from, to]);
  let row = 0;
  return (
    <Diff aria-label={t`Differences from the text in the editor`} tabIndex={0}>
      {parts.flatMap((part) =>
        linesOf(part.value).map((line) => {
          row += 1;
          if (part.added)
            return (
              <ins key={row}>
                <span className="mark" aria-hidden="true">
                  +
                </span>
                <span className="visually-hidden">{t`In the editor only:`} </span>
                {line}
              </ins>
            );
          if (part.removed)
            return (
              <del key={row}>
                <span className="mark" aria-hidden="true">
                  −
                </span>
                <span className="visually-hidden">{t`In this version only:`} </span>
                {line}
              </del>
            );
          return (
            <span key={row} style={{ display: 'block' }}>
              <span className="mark" aria-hidden="true">
                {' '}
              </span>
              {line}
            </span>
          );
        }),
      )}
    </Diff>
  );
}

/**
 * The prompt history viewer: the versions on one side, the chosen one's line diff against the editor on the
 * other, and Restore, which puts it in the editor (unsaved until Save).
 */
export default function PromptHistoryDialog({
  open,
  entries,
  current,
  older,
  onRestore,
  onClose,
}: {
  open: boolean;
  entries: HistoryEntry[];
  current: string;
  older: OlderVersions;
  onRestore: (key: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string | null>(null);
  const selected =
    entries.find((e) => e.key === chosen) ?? entries.find((e) => e.prompt !== current) ?? entries[0];
  const names: Record<HistoryTag, string> = {
    unsaved: t`In the editor, not saved`,
    beforeOptimisation: t`Before AI optimisation`,
    beforeRestore: t`Before the last restore`,
    inUse: t`Saved, in use`,
    beforeLastSave: t`Before the last save`,
    initial: t`Initial prompt`,
    saved: t`Saved`,
  };
  const same = selected ? selected.prompt === current : true;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t`Prompt history`}
      width={920}
      description={t`Every save keeps a version. Choose one to compare it with the editor, or to put it back.`}
    >
      {older === 'failed' && (
        <Alert tone="info">{t`Older versions could not be loaded; this list starts with the prompt as it was opened.`}</Alert>
      )}
      {older === 'notOffered' && (
        <NotOffered>{t`This server does not keep older versions: this list starts with the prompt as it was opened.`}</NotOffered>
      )}
      {entries.length === 0 ? (
        <Muted>{t`No versions yet: write a prompt and save it.`}</Muted>
      ) : (
        <Layout>
          <Versions aria-label={t`Versions`}>
            {entries.map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  aria-pressed={entry.key === selected?.key}
                  onClick={() => setChosen(entry.key)}
                >
                  <span className="tags">
                    {entry.tags.map((tag) => (
                      <Badge
                        key={tag}
                        $tone={tag === 'inUse' ? 'success' : tag === 'unsaved' ? 'warning' : 'neutral'}
                      >
                        {names[tag]}
                      </Badge>
                    ))}
                  </span>
                  {entry.at && <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>}
                  <span className="preview">{entry.prompt.split('\n')[0]}</span>
                </button>
              </li>
            ))}
          </Versions>
          {selected && (
            <Compare>
              <h2>{t`Compared with the editor`}</h2>
              {same ? (
                <Muted>{t`This version is the text in the editor.`}</Muted>
              ) : (
                <LineDiff from={selected.prompt} to={current} />
              )}
            </Compare>
          )}
        </Layout>
      )}
      <DialogFooter>
        <Button onClick={onClose}>{t`Close`}</Button>
        <Button
          variant="primary"
          disabled={!selected || same}
          onClick={() => selected && onRestore(selected.key)}
        >
          {t`Put this version in the editor`}
        </Button>
      </DialogFooter>
    </Modal>
  );
}
