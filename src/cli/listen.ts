import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentsClient } from '../../packages/client/src/index.js';
import { newWebhookSecret, signatureHeader } from '../events/signing.js';
import { readSse, type SseMessage } from '../events/sse-reader.js';
import { parseCommandArgs, type Command } from './command.js';
import { outputLine } from './format.js';
import { CliFailure, UsageError, type CliContext } from './context.js';

/** A local endpoint gets as long as the platform's webhooks give a receiver. */
const FORWARD_TIMEOUT_MS = 10_000;
const MAX_RECONNECT_DELAY_MS = 15_000;

interface Listening {
  client: PaymentsClient;
  context: CliContext;
  forwardTo: string;
  types: string | undefined;
  secret: string;
  stop: AbortSignal;
}

/** What the local endpoint answered, or why it did not. */
interface Forwarded {
  event_id: string;
  type: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

function forwardingUrl(value: string | undefined): string {
  if (!value) throw new UsageError('Name the local endpoint: --forward-to http://localhost:3000/webhooks');
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // explained below
  }
  throw new UsageError(`--forward-to must be an http(s) URL, not ${value}`);
}

/** POSTs the webhook payload to the endpoint, signed as the platform signs a webhook delivery (Standard Webhooks). */
async function forward(listening: Listening, message: SseMessage): Promise<Forwarded> {
  const body = message.data;
  const { event_id, type } = JSON.parse(body) as { event_id: string; type: string };
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'payments-cli-listen/1.0',
    'webhook-id': event_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader([listening.secret], event_id, timestamp, body),
  };
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const answer = await fetch(listening.forwardTo, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.any([listening.stop, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]) });
    await answer.arrayBuffer();
    return { event_id, type, status: answer.status, error: null, duration_ms: took() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { event_id, type, status: null, error: cause?.code ?? cause?.message ?? (error as Error).message, duration_ms: took() };
  }
}

function describe(result: Forwarded): string {
  const time = new Date().toISOString().slice(11, 19);
  const answer = result.status !== null ? `${result.status}` : `failed (${result.error})`;
  return `${time}  ${result.type.padEnd(32)} ${result.event_id}  -> ${answer} in ${result.duration_ms} ms`;
}

/**
 * Reads the stream once, from after `lastEventId`, forwarding each event as it arrives; answers
 * the last event forwarded when the stream ends. Throws CliFailure when reconnecting cannot help.
 */
async function readStream(listening: Listening, lastEventId: string | undefined, onOpen: () => void): Promise<string | undefined> {
  const { client, context } = listening;
  const url = new URL(`${client.apiUrl}/events/stream`);
  if (listening.types) url.searchParams.set('types', listening.types);
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${await client.accessToken()}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: listening.stop,
  });
  if (!response.ok || !response.body) {
    const text = await response.text();
    const refused = response.status >= 400 && response.status < 500 && response.status !== 429;
    if (refused) throw new CliFailure(`The server refused the event stream (HTTP ${response.status}): ${text}`);
    throw new Error(`HTTP ${response.status}`);
  }
  onOpen();
  for await (const message of readSse(response.body)) {
    const result = await forward(listening, message);
    outputLine(context, result, () => describe(result));
    lastEventId = message.id ?? lastEventId;
  }
  return lastEventId;
}

/** Streams until stopped, reconnecting after each drop with Last-Event-ID, so that no event is missed or repeated. */
async function listen(listening: Listening): Promise<void> {
  let lastEventId: string | undefined;
  let failures = 0;
  let connectedOnce = false;
  while (!listening.stop.aborted) {
    try {
      lastEventId = await readStream(listening, lastEventId, () => {
        if (!connectedOnce) listening.context.printError('Ready: waiting for events (Ctrl-C stops).');
        else listening.context.printError(`Reconnected${lastEventId ? ` after ${lastEventId}` : ''}.`);
        connectedOnce = true;
        failures = 0;
      });
      if (!listening.stop.aborted) listening.context.printError('The stream ended; reconnecting.');
    } catch (error) {
      if (listening.stop.aborted) return;
      if (error instanceof CliFailure) throw error;
      failures += 1;
      const delay = Math.min(1000 * 2 ** (failures - 1), MAX_RECONNECT_DELAY_MS);
      listening.context.printError(`Connection lost (${(error as Error).message}); reconnecting in ${delay / 1000} s.`);
      await sleep(delay, undefined, { signal: listening.stop }).catch(() => undefined);
    }
  }
}

/** Ends on Ctrl-C (or SIGTERM), after the event being forwarded. */
function untilInterrupted(): AbortSignal {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return stop.signal;
}

export const listenCommand: Command = {
  name: 'listen',
  summary: "Receive this platform's events as they happen and forward them, signed, to a local URL",
  usage: `Usage:
  payments listen --forward-to URL [--events TYPE,…] [--secret whsec_…]

Opens the platform's event stream (GET /events/stream: the CLI connects out, so it works behind
NAT) and POSTs each event to URL exactly as a webhook delivery: the same JSON body, signed per
Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). It signs with a secret of its
own, printed at start (or the one given with --secret): verify with that one while listening.
Prints one line per event with the local answer's status and time; when the stream drops it
reconnects and resumes after the last event (Last-Event-ID). Ctrl-C stops.

  --forward-to URL    where to POST the events (e.g. http://localhost:3000/webhooks)
  --events TYPES      only these event types, comma-separated (e.g. payment_succeeded,refund_completed)
  --secret whsec_…    sign with this secret instead of a new one

--json prints one JSON object per event instead of a line.`,
  async run(args, context) {
    const { values } = parseCommandArgs(args, { 'forward-to': { type: 'string' }, events: { type: 'string' }, secret: { type: 'string' } }, { min: 0, max: 0 });
    const forwardTo = forwardingUrl(values['forward-to']);
    if (values.secret !== undefined && !/^whsec_[A-Za-z0-9+/]+=*$/.test(values.secret)) throw new UsageError('--secret must be a Standard Webhooks secret, whsec_ and base64');
    const secret = values.secret ?? newWebhookSecret();
    const client = await context.client();
    context.printError(`Forwarding ${context.environment} events to ${forwardTo}, signed with ${secret}`);
    await listen({ client, context, forwardTo, types: values.events, secret, stop: untilInterrupted() });
    context.printError('Stopped.');
    return 0;
  },
};
