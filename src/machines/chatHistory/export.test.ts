import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSession } from '../../api/schemas/chatSessions';
import {
  buildExportFile,
  csvField,
  ENGLISH_LABELS,
  type ExportFormat,
  type ExportOptions,
  exportFileName,
  FILE_TIME_FORMAT,
  MAX_FILE_NAME_LENGTH,
  UnsupportedExportFormatError,
} from './export';

const at = new Date(2026, 10, 22, 9, 5, 7); // local time 2026-11-22 09:05:07

const messages: ChatMessage[] = [
  { id: 'm1', sender: 'user', content: 'Hi, do you ship to 台北?', sentAt: '2026-11-19T10:00:00.000Z' },
  {
    id: 'm2',
    sender: 'assistant',
    content: 'Yes, "express" costs $12, or 3-5 days\nfor standard.\n\n[Tip] Track it online.',
    sentAt: '2026-11-19T10:01:30.000Z',
  },
  { id: 'm3', sender: 'bot', content: '=HYPERLINK("http://evil.test")', sentAt: '2026-11-19T10:02:00.000Z' },
  {
    id: 'm4',
    sender: '8613812345678@c.us',
    content: '  spaced, with a comma  ',
    sentAt: '2026-11-19T10:03:00.000Z',
  },
  { id: 'm5', sender: 'user', content: '', sentAt: '2026-11-19T10:04:00.000Z' },
];

const session: ChatSession = {
  id: 'sess-1',
  fromNumber: '8613812345678@c.us',
  createdAt: '2026-11-19T09:59:00.000Z',
  isStarred: true,
  messages: messages.slice(0, 1),
  analysis: {
    emotion_positive_percent: '82',
    key_words: ['shipping', '台北'],
    user_will: 'Wants delivery times',
  },
};

const options = (over: Partial<ExportOptions> = {}): ExportOptions => ({
  format: 'json',
  includeAnalysis: true,
  includeTimestamps: true,
  ...over,
});

const build = (over: Partial<ExportOptions> = {}, s: ChatSession = session) =>
  buildExportFile({ session: s, messages, options: options(over), at });

/** RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Reads the messages back from the plain-text format: "[time] Sender: text", further lines indented. */
function parseTextMessages(text: string): Array<{ time: string | null; sender: string; content: string }> {
  const body = text.split('\nMessages:\n')[1] ?? '';
  const out: Array<{ time: string | null; sender: string; content: string }> = [];
  for (const line of body.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('  ')) {
      const last = out.at(-1);
      if (last) last.content += `\n${line.slice(2)}`;
      continue;
    }
    const match = /^(?:\[([^\]]+)\] )?(Customer|Bot): ?(.*)$/.exec(line);
    if (!match) throw new Error(`Unreadable line: ${line}`);
    out.push({ time: match[1] ?? null, sender: match[2] ?? '', content: match[3] ?? '' });
  }
  return out;
}

const local = (iso: string) => dayjs(iso).format(FILE_TIME_FORMAT);

describe('export file names', () => {
  it('is chat-{number}-{YYYYMMDD-HHmmss}.{ext} in local time', () => {
    expect(exportFileName(session.fromNumber, 'json', at)).toBe('chat-8613812345678-20261122-090507.json');
    expect(exportFileName(session.fromNumber, 'txt', at)).toBe('chat-8613812345678-20261122-090507.txt');
    expect(exportFileName(session.fromNumber, 'csv', at)).toBe('chat-8613812345678-20261122-090507.csv');
  });

  it('keeps only file-safe characters of odd numbers', () => {
    expect(exportFileName('12036/../x:y@g.us', 'txt', at)).toBe('chat-12036_x_y_g_us-20261122-090507.txt');
    expect(exportFileName('', 'txt', at)).toBe('chat-unknown-20261122-090507.txt');
  });

  it('is at most 64 characters, whatever the number', () => {
    for (const format of ['json', 'txt', 'csv'] as const) {
      const name = exportFileName(`${'9'.repeat(200)}@g.us`, format, at);
      expect(name).toHaveLength(MAX_FILE_NAME_LENGTH);
      expect(name).toMatch(new RegExp(`^chat-9+-20261122-090507\\.${format}$`));
    }
  });
});

describe('JSON export', () => {
  it('holds every message, the analysis and the times, and parses back', () => {
    const file = build();
    expect(file.mimeType).toContain('application/json');
    const doc = JSON.parse(file.content);
    expect(doc).toMatchObject({
      sessionId: 'sess-1',
      number: '+8613812345678',
      fromNumber: '8613812345678@c.us',
      createdAt: session.createdAt,
      isStarred: true,
      exportedAt: at.toISOString(),
      messageCount: 5,
      analysis: {
        positiveSentimentPercent: 82,
        keywords: ['shipping', '台北'],
        userIntent: 'Wants delivery times',
      },
    });
    expect(doc.messages).toEqual(
      messages.map((m) => ({
        id: m.id,
        sender: m.sender,
        role: m.sender === 'assistant' || m.sender === 'bot' ? 'bot' : 'customer',
        content: m.content,
        sentAt: m.sentAt,
      })),
    );
  });

  it('leaves out the analysis and the times when unticked', () => {
    const doc = JSON.parse(build({ includeAnalysis: false, includeTimestamps: false }).content);
    expect(doc).not.toHaveProperty('analysis');
    expect(doc).not.toHaveProperty('createdAt');
    expect(doc.messages.every((m: object) => !('sentAt' in m))).toBe(true);
    expect(doc.messages.map((m: { content: string }) => m.content)).toEqual(messages.map((m) => m.content));
  });

  it('says null when asked for an analysis that was never made', () => {
    expect(JSON.parse(build({}, { ...session, analysis: null }).content).analysis).toBeNull();
  });
});

describe('plain-text export', () => {
  it('has a header, the analysis, and every message with its time, multi-line text intact', () => {
    const file = build({ format: 'txt' });
    expect(file.mimeType).toContain('text/plain');
    expect(file.content).toContain('Conversation: +8613812345678\nNumber: 8613812345678@c.us\n');
    expect(file.content).toContain(`Started: ${local(session.createdAt)}`);
    expect(file.content).toContain('Exported: 2026-11-22 09:05:07');
    expect(file.content).toContain(
      'Positive sentiment: 82%\n  Keywords: shipping, 台北\n  User intent: Wants delivery times',
    );
    expect(parseTextMessages(file.content)).toEqual(
      messages.map((m) => ({
        time: local(m.sentAt),
        sender: m.sender === 'assistant' || m.sender === 'bot' ? 'Bot' : 'Customer',
        content: m.content,
      })),
    );
  });

  it('leaves out times and analysis when unticked', () => {
    const text = build({ format: 'txt', includeAnalysis: false, includeTimestamps: false }).content;
    expect(text).not.toContain('Started:');
    expect(text).not.toContain('Positive sentiment');
    const read = parseTextMessages(text);
    expect(read.map((m) => m.time)).toEqual(messages.map(() => null));
    expect(read.map((m) => m.content)).toEqual(messages.map((m) => m.content));
  });

  it('writes its labels in the language it is given', () => {
    const text = buildExportFile({
      session,
      messages,
      options: options({ format: 'txt' }),
      at,
      labels: { ...ENGLISH_LABELS, customer: '客户', bot: '机器人', messages: '消息' },
    }).content;
    expect(text).toContain('机器人: Yes, "express"');
    expect(text).toContain('客户: Hi, do you ship to 台北?');
  });
});

describe('CSV export', () => {
  it('starts with a UTF-8 BOM and has one row per message: time, sender, content', () => {
    const file = build({ format: 'csv' });
    expect(file.mimeType).toContain('text/csv');
    expect(file.content.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(file.content.slice(1));
    expect(rows[0]).toEqual(['Time', 'Sender', 'Content']);
    expect(rows.slice(1)).toEqual(
      messages.map((m) => [
        local(m.sentAt),
        m.sender === 'assistant' || m.sender === 'bot' ? 'Bot' : 'Customer',
        // A formula is defused with an apostrophe; every other text is as it was.
        m.content.startsWith('=') ? `'${m.content}` : m.content,
      ]),
    );
  });

  it('drops the time column when timestamps are unticked', () => {
    const rows = parseCsv(build({ format: 'csv', includeTimestamps: false }).content.slice(1));
    expect(rows[0]).toEqual(['Sender', 'Content']);
    expect(rows).toHaveLength(messages.length + 1);
    expect(rows.every((r) => r.length === 2)).toBe(true);
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3,x')).toBe(`"'-2+3,x"`);
  });

  it.each([
    ' =1+1',
    '\u00a0\u3000=HYPERLINK("http://evil.example")',
    '\u200b=1+1',
    '\ufeff@SUM(A1)',
    '\u2060+1',
    '\uff1d1+1',
    '\uff20SUM(A1)',
    ' \t=1',
  ])('defuses a formula behind spaces, invisible characters or in fullwidth: %j', (value) => {
    expect(csvField(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it.each(['a = b', '1 + 1', 'email@example.com', '\u200bhello', '  plain'])(
    'leaves other text as it was: %j',
    (value) => {
      expect(csvField(value)).toBe(value);
    },
  );
});

describe('unsupported formats', () => {
  it('raises the unsupported-format error', () => {
    expect(() => build({ format: 'xml' as ExportFormat })).toThrow(UnsupportedExportFormatError);
    expect(() => build({ format: 'xml' as ExportFormat })).toThrow('Unsupported export format: xml');
  });
});
