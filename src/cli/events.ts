import type { EventDetail, EventSummary, EventType } from '../../packages/client/src/index.js';
import { parseCommandArgs, positiveInteger, runSubcommand, type Command } from './command.js';
import type { CliContext } from './context.js';
import { fields, table } from './format.js';

async function list(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(args, { type: { type: 'string' }, object: { type: 'string' }, limit: { type: 'string' } }, { min: 0, max: 0 });
  const limit = positiveInteger(values.limit, '--limit', 20);
  const client = await context.client();
  const events = await client.events.list({ type: values.type as EventType | undefined, object_id: values.object, first: Math.min(limit, 100) }).toArray(limit);
  context.output(events, () =>
    table<EventSummary>(events, [
      { header: 'ID', value: (event) => event.event_id },
      { header: 'TYPE', value: (event) => event.type },
      { header: 'OCCURRED', value: (event) => event.occurred_at },
      { header: 'DELIVERY', value: (event) => event.delivery_status ?? 'no webhook URL' },
    ]),
  );
  return 0;
}

function describe(event: EventDetail): string {
  const summary = fields([
    ['ID', event.event_id],
    ['Type', event.type],
    ['Occurred', event.occurred_at],
  ]);
  const deliveries = table(event.deliveries, [
    { header: 'DELIVERY TO', value: (delivery) => delivery.url },
    { header: 'STATUS', value: (delivery) => delivery.status },
    { header: 'ATTEMPTS', value: (delivery) => delivery.attempt_count },
    { header: 'LAST ANSWER', value: (delivery) => lastAnswer(delivery.attempts) },
    { header: 'NEXT ATTEMPT', value: (delivery) => delivery.next_attempt_at },
  ]);
  return `${summary}\n\nData:\n${JSON.stringify(event.data, null, 2)}\n\n${deliveries}`;
}

function lastAnswer(attempts: EventDetail['deliveries'][number]['attempts']): string | null {
  const last = attempts[0];
  if (!last) return null;
  const answer = last.status_code !== null ? `HTTP ${last.status_code} in ${last.duration_ms} ms` : (last.error ?? 'no answer');
  return last.injected ? `${answer} (injected: ${last.injected})` : answer;
}

async function show(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
  const event = await (await context.client()).events.get(positionals[0]!);
  context.output(event, () => describe(event));
  return 0;
}

async function resend(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
  const event = await (await context.client()).events.redeliver(positionals[0]!);
  context.output(event, () => `Redelivering ${event.event_id} (${event.type}) to ${event.deliveries[0]?.url ?? 'the webhook URL'} now.`);
  return 0;
}

export const eventsCommand: Command = {
  name: 'events',
  summary: 'List events, show one with its deliveries, resend one',
  usage: `Usage:
  payments events list [--type TYPE] [--object OBJECT_ID] [--limit N]
      Newest first, N of them (default 20; pages are followed). OBJECT_ID: pay_…, rfd_…, tra_…, app_…
  payments events show EVENT_ID
      The event, its data and its deliveries (attempts, last answer, next attempt).
  payments events resend EVENT_ID
      Delivers the event to the webhook URL again, now.

--json prints the API's objects.`,
  run: (args, context) => runSubcommand(args, context, { list, show, resend }),
};
