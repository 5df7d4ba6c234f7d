import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { qaKnowledgeMachine } from '../../../../machines/botSettings/knowledge/qa/qaKnowledge.machine';
import { Button } from '../../../ui/Button';
import { Muted } from '../../../ui/Card';
import { useDownloads } from '../../../ui/download';
import { NotOffered } from '../../../ui/Feedback';
import { type QaImportActor, QaImportPreview } from './QaImportPreview';

type QaActor = ActorRefFrom<typeof qaKnowledgeMachine>;

const ACCEPT = '.csv,text/csv';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Import the bot's questions and answers from a CSV file (previewed first) and export them all as one. */
export function QaCsvBar({ actor }: { actor: QaActor }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  useDownloads(actor, 'csv.file', 'csv.downloadFailed');
  const view = useSelector(
    actor,
    (s) => ({
      importer: s.children.csvImport as QaImportActor | undefined,
      canChoose: s.can({ type: 'csv.fileChosen', file: new File([], 'probe.csv') }),
      canExport: s.can({ type: 'csv.export' }),
      exporting: s.matches('exporting'),
      offered: s.context.importOffered,
      imported: s.context.imported,
    }),
    shallowEqual,
  );
  const { importer } = view;
  const choose = (file: File | undefined) => {
    if (!file) return;
    // While a file is previewed, another one replaces it.
    if (importer) importer.send({ type: 'import.file', file });
    else actor.send({ type: 'csv.fileChosen', file });
  };
  return (
    <>
      <Bar>
        {view.offered && (
          <>
            <Button onClick={() => input.current?.click()} disabled={!view.canChoose && !importer}>
              {importer ? <Trans>Choose another CSV file</Trans> : <Trans>Import CSV</Trans>}
            </Button>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              hidden
              aria-label={t`CSV file of questions and answers to import`}
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </>
        )}
        <Button onClick={() => actor.send({ type: 'csv.export' })} disabled={!view.canExport}>
          {view.exporting ? <Trans>Exporting…</Trans> : <Trans>Export CSV</Trans>}
        </Button>
        {view.imported !== null && (
          <Muted role="status">
            <Plural value={view.imported} one="# entry imported." other="# entries imported." />
          </Muted>
        )}
      </Bar>
      {!view.offered && (
        <NotOffered>
          <Trans>This server does not import questions and answers from a file.</Trans>
        </NotOffered>
      )}
      {importer && <QaImportPreview actor={importer} />}
    </>
  );
}
