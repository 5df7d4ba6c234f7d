import { ApiError } from './errors';
import { LIVE_EVENT_SCHEMAS, type LiveEvent, LiveEventTypeSchema } from './schemas/live';
import { streamGet } from './stream';

export const LIVE_STREAM_PATH = '/events/stream';
const ENDPOINT = `GET ${LIVE_STREAM_PATH}`;

export interface LiveStreamHandlers {
  /** Each event of a known type, in order, as it arrives (pings included: they prove the line is alive). */
  onEvent: (event: LiveEvent) => void;
  /**
   * An event that could not be read (not JSON, or a known type without the fields it needs): skipped; the
   * count so far, for a log or a figure. Never fatal: one bad event must not cost the user the others.
   */
  onMalformed?: (count: number) => void;
  signal?: AbortSignal;
}

const isKnownType = (type: string): type is keyof typeof LIVE_EVENT_SCHEMAS => type in LIVE_EVENT_SCHEMAS;

/** One `data:` payload as an event: null for a type this client does not read, 'malformed' for a bad one. */
export function readLiveEvent(payload: unknown): LiveEvent | null | 'malformed' {
  const head = LiveEventTypeSchema.safeParse(payload);
  if (!head.success) return 'malformed';
  const { type } = head.data;
  if (!isKnownType(type)) return null;
  const parsed = LIVE_EVENT_SCHEMAS[type].safeParse(payload);
  return parsed.success ? (parsed.data as LiveEvent) : 'malformed';
}

/**
 * The signed-in user's live events over server-sent events (GET /events/stream, through the client's
 * streaming helper): new conversations, new messages, instances whose status changed, and heartbeats.
 * Resolves when the server ends the stream (the caller reconnects); rejects with an ApiError on an `error:`
 * line, a non-OK status or a broken connection. Events of unknown types are skipped; malformed ones are
 * skipped and counted. Aborting the signal ends the request and settles nothing more.
 */
export async function streamLiveEvents({ onEvent, onMalformed, signal }: LiveStreamHandlers): Promise<void> {
  const failed = new AbortController();
  let error: ApiError | null = null;
  let malformed = 0;
  const skip = () => {
    malformed += 1;
    onMalformed?.(malformed);
  };

  await streamGet(LIVE_STREAM_PATH, {
    onData: (payload) => {
      if (error || signal?.aborted) return;
      const event = readLiveEvent(payload);
      if (event === 'malformed') skip();
      else if (event) onEvent(event);
    },
    onError: (e) => {
      if (error || signal?.aborted) return;
      // A line that is not JSON: one bad event, not a broken stream.
      if (e.kind === 'schema') return skip();
      error = e;
      failed.abort();
    },
    signal: signal ? AbortSignal.any([signal, failed.signal]) : failed.signal,
  });

  if (signal?.aborted) {
    throw new ApiError({ kind: 'aborted', endpoint: ENDPOINT, message: 'Request aborted' });
  }
  if (error) throw error;
}
