import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import styled from 'styled-components';
import { conversationExportMachine } from '../../machines/chatHistory/conversationExport.machine';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportLabels,
  isExportFormat,
} from '../../machines/chatHistory/export';
import { useChildFlow } from '../../machines/useFlow';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { Checkbox } from '../ui/Controls';
import { useDownloads } from '../ui/download';
import { useText } from '../ui/text';
import { ChatHistoryContext } from './context';
import { exportLabelMessages, exportMessages } from './exportTexts';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  justify-items: start;
`;

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Choice = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
  }
  input { accent-color: ${({ theme }) => theme.color.primary}; }
`;

/** The words written into an exported file, in the language shown. */
function useExportLabels(): ExportLabels {
  const { i18n } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the active language
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(exportLabelMessages).map(([key, descriptor]) => [key, i18n._(descriptor)]),
      ) as unknown as ExportLabels,
    [i18n, i18n.locale],
  );
}

export function ExportPanel() {
  const { t } = useLingui();
  const text = useText();
  const actor = ChatHistoryContext.useActorRef();
  // The screen's export child: its options and its last file; the screen decides what can be exported.
  const exporter = useChildFlow(actor, 'conversationExport', conversationExportMachine);
  const labels = useExportLabels();
  useDownloads(exporter, 'export.file', 'export.failed');
  const options = useSelector(exporter, (s) => s.context.options);
  const canExport = ChatHistoryContext.useSelector((s) => s.can({ type: 'export.requested', labels }));
  const hasData = ChatHistoryContext.useSelector((s) => s.context.messages.length > 0);
  const exported = useSelector(exporter, (s) => s.hasTag('exported'));
  const failed = useSelector(exporter, (s) => s.hasTag('exportFailed'));
  const fileName = useSelector(exporter, (s) => s.context.fileName);

  const formatLabels: Record<ExportFormat, ReactNode> = {
    json: <Trans>JSON</Trans>,
    txt: <Trans>Plain text</Trans>,
    csv: <Trans>CSV (spreadsheet)</Trans>,
  };
  const csv = options.format === 'csv';

  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'export.requested', labels });
      }}
    >
      <Fieldset>
        <legend>
          <Trans>Format</Trans>
        </legend>
        <Choices>
          {EXPORT_FORMATS.map((format) => (
            <Choice key={format}>
              <input
                type="radio"
                name="chat-export-format"
                value={format}
                checked={options.format === format}
                onChange={(e) => {
                  if (isExportFormat(e.target.value))
                    exporter.send({ type: 'export.formatChanged', format: e.target.value });
                }}
              />
              {formatLabels[format]}
            </Choice>
          ))}
        </Choices>
      </Fieldset>
      <Fieldset>
        <legend>
          <Trans>Contents</Trans>
        </legend>
        <Checkbox
          label={t`Include analysis`}
          checked={options.includeAnalysis && !csv}
          disabled={csv}
          aria-describedby={csv ? 'chat-export-csv-hint' : undefined}
          onChange={(e) => exporter.send({ type: 'export.includeAnalysisChanged', value: e.target.checked })}
        />
        {csv && (
          <Muted id="chat-export-csv-hint">
            <Trans>
              A CSV file has one row per message (time, sender, content), so it holds no analysis.
            </Trans>
          </Muted>
        )}
        <Checkbox
          label={t`Include timestamps`}
          checked={options.includeTimestamps}
          onChange={(e) =>
            exporter.send({ type: 'export.includeTimestampsChanged', value: e.target.checked })
          }
        />
      </Fieldset>
      {!hasData && (
        <Muted>
          <Trans>No conversation data to export yet.</Trans>
        </Muted>
      )}
      <Button type="submit" variant="primary" disabled={!canExport}>
        <Trans>Export</Trans>
      </Button>
      {exported && fileName && (
        <Alert tone="success">
          <Trans>Downloaded {fileName}</Trans>
        </Alert>
      )}
      {failed && <Alert>{text(exportMessages.failed)}</Alert>}
    </Form>
  );
}
