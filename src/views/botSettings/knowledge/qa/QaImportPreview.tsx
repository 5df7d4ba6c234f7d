import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { QaCsvRow } from '../../../../machines/botSettings/knowledge/qa/qaCsv';
import type { qaImportMachine } from '../../../../machines/botSettings/knowledge/qa/qaImport.machine';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Muted } from '../../../ui/Card';
import { Cluster } from '../../../ui/Cluster';
import { useText } from '../../../ui/text';
import { fileProblemText, rowProblemText } from './csvProblems';

export type QaImportActor = ActorRefFrom<typeof qaImportMachine>;

/** Long answers are cut in the preview; the whole text is what gets imported. */
const SHOWN_CHARACTERS = 120;
const cut = (text: string) => (text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text);

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
`;
const Scroll = styled.div`
  max-height: 360px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  caption { text-align: left; padding: ${({ theme }) => theme.space(2)}; font-weight: ${({ theme }) => theme.font.weight.medium}; }
  th, td {
    padding: ${({ theme }) => theme.space(2)};
    text-align: left;
    vertical-align: top;
    border-top: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  thead th { background: ${({ theme }) => theme.color.surfaceAlt}; position: sticky; top: 0; }
  td:first-child { font-variant-numeric: tabular-nums; }
  tr[data-bad] { background: ${({ theme }) => theme.color.dangerSoft}; }
  ul { margin: 0; padding-left: 1.2em; }
`;

function Status({ row }: { row: QaCsvRow }) {
  const text = useText();
  if (row.problems.length === 0) {
    return (
      <span>
        <span aria-hidden="true">✓ </span>
        <Trans>Ready</Trans>
      </span>
    );
  }
  // An icon and words, not the row's colour alone, say it is refused.
  return (
    <>
      <strong>
        <span aria-hidden="true">✕ </span>
        <Trans>Refused</Trans>
      </strong>
      <ul>
        {row.problems.map((p) => (
          <li key={p.kind === 'server' ? p.message : p.kind}>{text(rowProblemText(p))}</li>
        ))}
      </ul>
    </>
  );
}

/** The chosen file's rows before anything is saved: each ready or refused with its reasons. */
export function QaImportPreview({ actor }: { actor: QaImportActor }) {
  const { t } = useLingui();
  const text = useText();
  const view = useSelector(
    actor,
    (s) => ({
      name: s.context.file.name,
      preview: s.context.preview,
      error: s.context.error,
      reading: s.matches({ open: 'reading' }),
      importing: s.matches({ open: 'importing' }),
      failed: s.hasTag('readFailed'),
      canImport: s.can({ type: 'import.confirm' }),
    }),
    shallowEqual,
  );
  const rows = view.preview?.rows ?? [];
  const bad = rows.filter((r) => r.problems.length > 0).length;
  const { name } = view;
  return (
    <Box aria-labelledby="qa-import-title">
      <h4 id="qa-import-title">
        <Trans>Import from {name}</Trans>
      </h4>
      <Muted role="status" aria-live="polite">
        {view.reading ? (
          <Trans>Reading the file…</Trans>
        ) : view.importing ? (
          <Trans>Importing…</Trans>
        ) : bad > 0 ? (
          <Plural
            value={bad}
            one="# row is refused. Nothing is saved: fix the file and choose it again."
            other="# rows are refused. Nothing is saved: fix the file and choose it again."
          />
        ) : rows.length > 0 && !view.preview?.problem ? (
          <Plural value={rows.length} one="# row is ready to import." other="# rows are ready to import." />
        ) : null}
      </Muted>
      {view.preview?.problem && <Alert>{text(fileProblemText(view.preview.problem))}</Alert>}
      {view.error && <Alert>{text(view.error)}</Alert>}
      {rows.length > 0 && (
        <Scroll tabIndex={0} role="region" aria-label={t`Rows of ${name}`}>
          <Table>
            <caption>
              <Trans>Rows of {name}</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Line</Trans>
                </th>
                <th scope="col">
                  <Trans>Question</Trans>
                </th>
                <th scope="col">
                  <Trans>Answer</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.line} data-bad={row.problems.length > 0 ? '' : undefined}>
                  <td>{row.line}</td>
                  <td>{cut(row.question)}</td>
                  <td title={row.answer.length > SHOWN_CHARACTERS ? row.answer : undefined}>
                    {cut(row.answer)}
                  </td>
                  <td>
                    <Status row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
      <Cluster>
        <Button
          variant="primary"
          disabled={!view.canImport}
          onClick={() => actor.send({ type: 'import.confirm' })}
        >
          <Plural value={rows.length} one="Import # entry" other="Import # entries" />
        </Button>
        {view.failed && (
          <Button onClick={() => actor.send({ type: 'retry' })}>
            <Trans>Try again</Trans>
          </Button>
        )}
        <Button onClick={() => actor.send({ type: 'import.cancel' })} disabled={view.importing}>
          <Trans>Cancel the import</Trans>
        </Button>
      </Cluster>
    </Box>
  );
}
