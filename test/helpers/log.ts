import { Writable } from 'node:stream';

/** A server's real logger at its most verbose level (StartOptions.logger), every line kept for the test to read. */
export function capturedLog() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { logger: { stream, level: 'trace' }, text: () => text };
}
