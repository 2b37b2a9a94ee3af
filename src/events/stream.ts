import { once } from 'node:events';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Caller, TokenVerifier } from '../core/auth.js';
import type { Database } from '../core/db.js';
import { ApiError } from '../core/errors.js';
import { PollingLoop } from '../core/polling-loop.js';
import { settlesWithin } from '../core/shutdown.js';
import type { EventType } from './outbox.js';
import * as repo from './repository.js';
import { envelope } from './worker.js';

export interface StreamLimits {
  /** Most streams one client may hold open at once (its token's client, in one process). */
  perClient: number;
  /** Most streams one process serves at once. */
  perProcess: number;
  /** A comment line this often keeps proxies from closing an idle stream; the token is checked again then. */
  heartbeatMs: number;
  /** How often a stream looks for new events when no notification arrives. */
  pollMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perClient: 5, perProcess: 200, heartbeatMs: 15_000, pollMs: 1_000 };
/** Most events read by one query; a stream catching up reads again at once. */
const BATCH = 100;
/** How long an EventSource waits before it reconnects after the stream ends. */
const RECONNECT_MS = 1_000;
/** How long an ending stream waits for a write its client has no room for. */
const END_WAIT_MS = 1_000;

export interface StreamRequest {
  caller: Caller;
  /** The bearer token, checked again at every heartbeat: a revoked or expired one ends the stream. */
  token: string;
  lastEventId: string | undefined;
  types: EventType[] | undefined;
}

/**
 * The server-sent-event streams of the platforms' events, in one process. Each stream reads its
 * own tenant's events after its position (the event stream order of repository.eventsAfter),
 * woken by the NOTIFY of every committed event (from any process) and by a poll.
 */
export class EventStreams {
  private readonly open = new Set<EventStream>();
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly tokens: TokenVerifier,
    private readonly log: FastifyBaseLogger,
    readonly limits: StreamLimits = { ...DEFAULT_STREAM_LIMITS },
  ) {}

  /** Answers the stream's start, or throws (before anything is sent) when it may not open. */
  async prepare(request: StreamRequest): Promise<repo.StreamPosition> {
    this.admit(request.caller);
    this.listening ??= this.database
      .listen(repo.EVENTS_CHANNEL, () => {
        for (const stream of this.open) stream.wake();
      })
      .catch((error: unknown) => {
        this.listening = undefined; // the next stream tries again
        throw error;
      });
    await this.listening;
    if (request.lastEventId === undefined) return repo.streamHead(this.database.db);
    const position = await repo.streamPositionOf(this.database.db, request.caller, request.lastEventId);
    if (!position) throw new ApiError('validation_error', { detail: `Last-Event-ID ${request.lastEventId} names no event of this platform and environment` });
    return position;
  }

  /** Takes the reply over and streams from `start` until the client leaves or the server stops. */
  start(reply: FastifyReply, request: StreamRequest, start: repo.StreamPosition): void {
    this.admit(request.caller);
    const stream = new EventStream(this, reply, request, start);
    this.open.add(stream);
    stream.begin();
  }

  /** Ends every stream (server shutdown): clients reconnect to another process with Last-Event-ID. */
  async close(): Promise<void> {
    await Promise.all([...this.open].map((stream) => stream.end()));
    const unlisten = await this.listening?.catch(() => undefined);
    this.listening = undefined;
    await unlisten?.();
  }

  /** @internal */
  forget(stream: EventStream): void {
    this.open.delete(stream);
  }

  /** @internal */
  read(caller: Caller, after: repo.StreamPosition, types: EventType[] | undefined) {
    return repo.eventsAfter(this.database.db, caller, after, types, BATCH);
  }

  /** @internal */
  async stillValid(token: string): Promise<boolean> {
    return this.tokens.verify(token).then(
      () => true,
      () => false,
    );
  }

  /** @internal */
  get logger(): FastifyBaseLogger {
    return this.log;
  }

  private admit(caller: Caller): void {
    const ofClient = [...this.open].filter((stream) => stream.clientId === caller.clientId).length;
    if (ofClient >= this.limits.perClient) {
      throw new ApiError('rate_limited', { detail: `At most ${this.limits.perClient} event streams per client at once`, headers: { 'retry-after': '5' } });
    }
    if (this.open.size >= this.limits.perProcess) {
      throw new ApiError('service_unavailable', { detail: 'This server serves as many event streams as it can; try again shortly', headers: { 'retry-after': '5' } });
    }
  }
}

class EventStream {
  private readonly loop: PollingLoop;
  private heartbeat: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    private readonly streams: EventStreams,
    private readonly reply: FastifyReply,
    private readonly request: StreamRequest,
    private position: repo.StreamPosition,
  ) {
    this.loop = new PollingLoop(() => this.push(), streams.limits.pollMs, streams.logger, 'event stream');
  }

  get clientId(): string {
    return this.request.caller.clientId;
  }

  begin(): void {
    const raw = this.reply.raw;
    this.reply.hijack();
    // A client gone while the stream was prepared: its close came before anyone listened.
    if (raw.destroyed || raw.socket?.destroyed !== false) {
      this.ended = true;
      this.streams.forget(this);
      return;
    }
    raw.writeHead(200, {
      ...(this.reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      'x-accel-buffering': 'no',
      // The connection ends with the stream: it is never idle in a pool, waiting for a shutdown.
      connection: 'close',
    });
    raw.write(`retry: ${RECONNECT_MS}\n\n`);
    raw.on('close', () => void this.end());
    raw.on('error', () => void this.end()); // a write to a connection that just broke: it closes too
    this.heartbeat = setInterval(() => void this.beat(), this.streams.limits.heartbeatMs);
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.streams.forget(this);
    const raw = this.reply.raw;
    const closed = raw.closed || raw.destroyed ? Promise.resolve() : once(raw, 'close');
    if (!raw.writableEnded) raw.end();
    // A client that stopped reading leaves the end unsent (and maybe a write waiting for room): its connection is cut.
    if (!(await settlesWithin(closed, END_WAIT_MS))) raw.destroy();
    await this.loop.stop();
  }

  /** Sends every event after the position, in order, as far as the client reads them. */
  private async push(): Promise<void> {
    for (;;) {
      const events = await this.streams.read(this.request.caller, this.position, this.request.types);
      for (const event of events) {
        if (this.ended) return;
        await this.write(`id: ${event.id}\ndata: ${envelope({ event_id: event.id, type: event.type, occurred_at: event.occurred_at, data: event.data })}\n\n`);
        this.position = { tx_id: event.tx_id, id: event.id };
      }
      if (events.length < BATCH) return;
    }
  }

  private async beat(): Promise<void> {
    if (!(await this.streams.stillValid(this.request.token))) return this.end();
    if (!this.ended) await this.write(': heartbeat\n\n');
  }

  /** Writes, waiting while the client's connection is full (or until it closes). */
  private async write(chunk: string): Promise<void> {
    const raw = this.reply.raw;
    if (raw.writableEnded || raw.destroyed) return;
    if (!raw.write(chunk)) await Promise.race([once(raw, 'drain'), once(raw, 'close')]);
  }
}
