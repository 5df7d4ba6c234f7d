import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import { sampleMessages as messages, sampleSessions } from '../../demo/qa/flowModels/chatHistory.flowModel';
import { conversationExportModel } from '../../demo/qa/flowModels/conversationExport.flowModel';
import { conversationExportMachine } from './conversationExport.machine';
import { ENGLISH_LABELS, type ExportFile, type ExportFormat } from './export';

const session = sampleSessions[0] ?? (undefined as never);
const started = { type: 'export.started', session, messages, labels: ENGLISH_LABELS } as const;

/** The export as the chat history runs it, with its log and the files it hands to the view recorded. */
function start() {
  const logExportError = vi.fn();
  const actor = createActor(conversationExportMachine.provide({ actions: { logExportError } })).start();
  const files: ExportFile[] = [];
  actor.on('export.file', ({ file }) => files.push(file));
  return { actor, snap: () => actor.getSnapshot(), files, logExportError };
}

describe('conversation export', () => {
  it('starts with JSON, analysis and timestamps, and hands the built file, in the labels given, to the view', () => {
    const { actor, snap, files } = start();
    expect(snap().context.options).toEqual({
      format: 'json',
      includeAnalysis: true,
      includeTimestamps: true,
    });
    actor.send({ type: 'export.formatChanged', format: 'csv' });
    actor.send({ type: 'export.includeTimestampsChanged', value: false });
    actor.send({
      ...started,
      labels: { ...ENGLISH_LABELS, customer: '客户', bot: '机器人', sender: '发送者', content: '内容' },
    });
    expect(snap().hasTag('exported')).toBe(true);
    expect(files.map((f) => f.name)).toEqual([snap().context.fileName]);
    expect(files[0]?.name).toMatch(/^chat-8613812345678-\d{8}-\d{6}\.csv$/);
    expect(files[0]?.content).toBe(
      '\uFEFF发送者,内容\r\n客户,Where is my order?\r\n机器人,It left yesterday.\r\n',
    );
  });

  it('writes the analysis and the timestamps into the next file only as chosen', () => {
    const { actor, files } = start();
    actor.send(started);
    actor.send({ type: 'export.includeAnalysisChanged', value: false });
    actor.send({ type: 'export.includeTimestampsChanged', value: false });
    actor.send(started);
    const [both, neither] = files.map((f) => JSON.parse(f.content));
    expect(both).toMatchObject({ analysis: null, createdAt: session.createdAt });
    expect(both.messages[0]).toHaveProperty('sentAt');
    expect(neither).not.toHaveProperty('analysis');
    expect(neither).not.toHaveProperty('createdAt');
    expect(neither.messages[0]).not.toHaveProperty('sentAt');
  });

  it('shows the export failure when the view cannot download the file', () => {
    const { actor, snap, logExportError } = start();
    actor.send(started);
    expect(snap().hasTag('exported')).toBe(true);
    actor.send({ type: 'export.failed', error: new Error('Blocked') });
    expect(snap().hasTag('exportFailed')).toBe(true);
    expect(snap().context.fileName).toBeNull();
    expect(logExportError).toHaveBeenCalledTimes(1);
    expect(snap().status).toBe('active');
  });

  it('fails with the unsupported-format error for an unknown format, and hands nothing over', () => {
    const { actor, snap, files, logExportError } = start();
    actor.send({ type: 'export.formatChanged', format: 'xml' as ExportFormat });
    actor.send(started);
    expect(snap().hasTag('exportFailed')).toBe(true);
    expect(files).toEqual([]);
    const error = logExportError.mock.calls[0]?.[0].event.error;
    expect(error).toMatchObject({ name: 'UnsupportedExportFormatError', format: 'xml' });
  });

  it('logs a failure with what went wrong', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = createActor(conversationExportMachine).start();
    const blocked = new Error('Blocked');
    actor.send({ type: 'export.failed', error: blocked });
    expect(error).toHaveBeenCalledWith('Export failed', blocked);
    error.mockRestore();
  });

  it('is known by its flow id (the QA tools list and jump it by that id)', () => {
    expect(conversationExportMachine.id).toBe('conversationExport');
  });

  it('forgets the last file when the conversation is left, and keeps the options', () => {
    const { actor, snap } = start();
    actor.send({ type: 'export.formatChanged', format: 'txt' });
    actor.send(started);
    actor.send({ type: 'export.cleared' });
    expect(snap().value).toBe('idle');
    expect(snap().context).toEqual({
      options: { format: 'txt', includeAnalysis: true, includeTimestamps: true },
      fileName: null,
    });
  });
});

type Snap = SnapshotFrom<typeof conversationExportMachine>;
// The file the model's export reports as downloaded.
const exportedName = conversationExportModel.events.find((e) => e.type === 'export.done')?.fileName;

describeStateViews(conversationExportModel, {
  '*': {
    // The options can be set at any time (they apply to the next file); the chat history decides when a
    // conversation can be exported, and tells when it was left.
    enabled: [
      'export.formatChanged',
      'export.includeAnalysisChanged',
      'export.includeTimestampsChanged',
      'export.started',
      'export.done',
      'export.failed',
      'export.cleared',
    ],
    shows: (s: Snap) => {
      expect(['json', 'txt']).toContain(s.context.options.format);
    },
  },
  idle: { shows: (s: Snap) => expect(s.context.fileName).toBeNull() },
  done: {
    tags: ['exported'],
    shows: (s: Snap) => expect(s.context.fileName).toBe(exportedName),
  },
  failed: {
    tags: ['exportFailed'],
    shows: (s: Snap) => expect(s.context.fileName).toBeNull(),
  },
});
