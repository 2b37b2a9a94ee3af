/** One message of a server-sent-event stream (comment lines such as heartbeats are skipped). */
export interface SseMessage {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/**
 * The messages of a text/event-stream body as they arrive (the WHATWG event-stream format:
 * fields up to a blank line, `data` lines joined by newlines). Ends when the body ends.
 * Comment lines (`: heartbeat`) go to `onComment`.
 */
export async function* readSse(body: AsyncIterable<Uint8Array>, onComment: (text: string) => void = () => {}): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = '';
  let message: { id?: string; event?: string; data: string[] } = { data: [] };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop()!;
    for (const line of lines) {
      if (line === '') {
        if (message.data.length > 0) yield { id: message.id, event: message.event, data: message.data.join('\n') };
        message = { data: [] };
        continue;
      }
      if (line.startsWith(':')) {
        onComment(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') message.data.push(value);
      else if (field === 'id') message.id = value;
      else if (field === 'event') message.event = value;
    }
  }
}
