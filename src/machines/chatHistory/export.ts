import dayjs from 'dayjs';
import type { ChatMessage, ChatSession } from '../../api/schemas/chatSessions';
import { displayNumber, isBotSender, positivePercent } from './sessions';

export const EXPORT_FORMATS = ['json', 'txt', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportOptions {
  format: ExportFormat;
  /** JSON and plain text only: a CSV file has one row per message and nothing else. */
  includeAnalysis: boolean;
  includeTimestamps: boolean;
}

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = {
  format: 'json',
  includeAnalysis: true,
  includeTimestamps: true,
};

/** Spec section 8: asking for a format the exporter does not know. */
export class UnsupportedExportFormatError extends Error {
  readonly format: string;
  constructor(format: string) {
    super(`Unsupported export format: ${format}`);
    this.name = 'UnsupportedExportFormatError';
    this.format = format;
  }
}

export const isExportFormat = (value: unknown): value is ExportFormat =>
  EXPORT_FORMATS.includes(value as ExportFormat);

/** The words written into a file, already in the interface language (the builder stays pure). */
export interface ExportLabels {
  title: string;
  number: string;
  started: string;
  exported: string;
  messageCount: string;
  analysis: string;
  positive: string;
  keywords: string;
  intent: string;
  noAnalysis: string;
  messages: string;
  time: string;
  sender: string;
  content: string;
  customer: string;
  bot: string;
}

export const ENGLISH_LABELS: ExportLabels = {
  title: 'Conversation',
  number: 'Number',
  started: 'Started',
  exported: 'Exported',
  messageCount: 'Messages',
  analysis: 'Analysis',
  positive: 'Positive sentiment',
  keywords: 'Keywords',
  intent: 'User intent',
  noAnalysis: 'Not analysed yet',
  messages: 'Messages',
  time: 'Time',
  sender: 'Sender',
  content: 'Content',
  customer: 'Customer',
  bot: 'Bot',
};

export interface ExportInput {
  session: ChatSession;
  messages: readonly ChatMessage[];
  options: ExportOptions;
  /** When the file is made: its name and its header carry it. */
  at: Date;
  labels?: ExportLabels;
}

export interface ExportFile {
  name: string;
  mimeType: string;
  content: string;
}

/** Times inside TXT and CSV files: local, sortable, and read as a date by spreadsheet apps. */
export const FILE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/**
 * The {timestamp} of file names: local time as YYYYMMDD-HHmmss (no colons or spaces, so it is valid on
 * every file system and sorts by time).
 */
export const FILE_NAME_TIME_FORMAT = 'YYYYMMDD-HHmmss';

const fileTime = (iso: string | Date) => dayjs(iso).format(FILE_TIME_FORMAT);

/** Longest export file name: short enough for every file system and for a download bar to show whole. */
export const MAX_FILE_NAME_LENGTH = 64;

/**
 * chat-{number}-{timestamp}.{ext}; the number keeps only characters every file system accepts, and is cut
 * so the name stays within MAX_FILE_NAME_LENGTH.
 */
export function exportFileName(fromNumber: string, format: ExportFormat, at: Date): string {
  const suffix = `-${dayjs(at).format(FILE_NAME_TIME_FORMAT)}.${format}`;
  const number =
    displayNumber(fromNumber)
      .replace(/^\+/, '')
      .replace(/[^0-9A-Za-z_-]+/g, '_')
      .slice(0, MAX_FILE_NAME_LENGTH - 'chat-'.length - suffix.length) || 'unknown';
  return `chat-${number}${suffix}`;
}

const BOM = '\uFEFF';

/**
 * What a spreadsheet may run as a formula: a formula character (=, +, -, @, tab, carriage return, or the
 * fullwidth ＝ ＋ － ＠ some apps read as theirs), also behind leading spaces or invisible characters, which
 * spreadsheets skip.
 */
const FORMULA_START = /^[\s\u200b-\u200d\u2060\ufeff]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/u;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A field
 * a spreadsheet would run as a formula gets a leading apostrophe: customer text is untrusted (OWASP "CSV
 * injection").
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows joined with CRLF, as RFC 4180 and spreadsheet apps expect. */
export const toCsv = (rows: readonly (readonly string[])[]) =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n');

function senderLabel(sender: string, labels: ExportLabels): string {
  return isBotSender(sender) ? labels.bot : labels.customer;
}

function buildJson({ session, messages, options, at }: ExportInput): string {
  const analysis = session.analysis;
  const document = {
    sessionId: session.id,
    number: displayNumber(session.fromNumber),
    fromNumber: session.fromNumber,
    ...(options.includeTimestamps ? { createdAt: session.createdAt } : {}),
    isStarred: session.isStarred,
    exportedAt: at.toISOString(),
    messageCount: messages.length,
    ...(options.includeAnalysis
      ? {
          analysis: analysis
            ? {
                positiveSentimentPercent: positivePercent(analysis),
                keywords: analysis.key_words,
                userIntent: analysis.user_will,
              }
            : null,
        }
      : {}),
    messages: messages.map((m) => ({
      id: m.id,
      sender: m.sender,
      role: isBotSender(m.sender) ? 'bot' : 'customer',
      content: m.content,
      ...(options.includeTimestamps ? { sentAt: m.sentAt } : {}),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Plain text: a header, the analysis, then one message per entry as "[time] Sender: text". A message's
 * further lines are indented by two spaces, so every entry starts at the left margin and none is lost.
 */
function buildText({ session, messages, options, at, labels = ENGLISH_LABELS }: ExportInput): string {
  const lines = [`${labels.title}: ${displayNumber(session.fromNumber)}`];
  lines.push(`${labels.number}: ${session.fromNumber}`);
  if (options.includeTimestamps) lines.push(`${labels.started}: ${fileTime(session.createdAt)}`);
  lines.push(`${labels.exported}: ${fileTime(at)}`);
  lines.push(`${labels.messageCount}: ${messages.length}`);
  if (options.includeAnalysis) {
    lines.push('', `${labels.analysis}:`);
    const percent = positivePercent(session.analysis);
    if (!session.analysis) lines.push(`  ${labels.noAnalysis}`);
    else {
      lines.push(
        `  ${labels.positive}: ${percent === null ? session.analysis.emotion_positive_percent : `${percent}%`}`,
      );
      lines.push(`  ${labels.keywords}: ${session.analysis.key_words.join(', ')}`);
      lines.push(`  ${labels.intent}: ${session.analysis.user_will}`);
    }
  }
  lines.push('', `${labels.messages}:`);
  for (const m of messages) {
    const [first = '', ...rest] = m.content.split(/\r?\n/);
    const time = options.includeTimestamps ? `[${fileTime(m.sentAt)}] ` : '';
    lines.push(`${time}${senderLabel(m.sender, labels)}: ${first}`);
    for (const line of rest) lines.push(`  ${line}`);
  }
  return `${lines.join('\n')}\n`;
}

/** CSV: a header row, then one row per message (time, sender, content), with a BOM so Excel reads UTF-8. */
function buildCsv({ messages, options, labels = ENGLISH_LABELS }: ExportInput): string {
  const header = options.includeTimestamps
    ? [labels.time, labels.sender, labels.content]
    : [labels.sender, labels.content];
  const rows = messages.map((m) => {
    const cells = [senderLabel(m.sender, labels), m.content];
    return options.includeTimestamps ? [fileTime(m.sentAt), ...cells] : cells;
  });
  return `${BOM}${toCsv([header, ...rows])}\r\n`;
}

const BUILDERS: Record<ExportFormat, { mimeType: string; build: (input: ExportInput) => string }> = {
  json: { mimeType: 'application/json;charset=utf-8', build: buildJson },
  txt: { mimeType: 'text/plain;charset=utf-8', build: buildText },
  csv: { mimeType: 'text/csv;charset=utf-8', build: buildCsv },
};

/** The whole file for a conversation: pure, so it is tested by parsing the result back. */
export function buildExportFile(input: ExportInput): ExportFile {
  const format: string = input.options.format;
  if (!isExportFormat(format)) throw new UnsupportedExportFormatError(format);
  const builder = BUILDERS[format];
  return {
    name: exportFileName(input.session.fromNumber, format, input.at),
    mimeType: builder.mimeType,
    content: builder.build(input),
  };
}
