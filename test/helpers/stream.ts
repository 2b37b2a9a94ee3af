import http from 'node:http';
import { once } from 'node:events';
import { readSse, type SseMessage } from '../../src/events/sse-reader.js';
import { eventually } from './receiver.js';

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The messages received so far, each with its parsed payload. */
  messages: (SseMessage & { payload: { event_id: string; type: string; data: Record<string, unknown> } })[];
  /** The comment lines received so far (heartbeats). */
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<OpenStream['messages']>;
  close(): void;
}

/**
 * Opens an event stream at `url` (path and query included) and reads it in the background. On a
 * connection of its own (node:http, no pool): closing it closes the connection, nothing is kept.
 */
export async function openStream(url: string, token: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const request = http.get(url, { headers: { authorization: `Bearer ${token}`, ...headers }, agent: false });
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  const messages: OpenStream['messages'] = [];
  const comments: string[] = [];
  const read = async () => {
    for await (const message of readSse(response, (comment) => comments.push(comment))) messages.push({ ...message, payload: JSON.parse(message.data) });
  };
  let closed = false;
  const ended = read().catch((error: unknown) => {
    if (!closed) throw error;
  });
  return {
    status: response.statusCode!,
    headers: response.headers,
    messages,
    comments,
    ended,
    async waitFor(count, timeoutMs = 15_000) {
      await eventually(async () => messages.length >= count, timeoutMs);
      return messages;
    },
    close() {
      closed = true;
      request.destroy();
    },
  };
}
