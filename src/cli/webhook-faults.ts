import type { WebhookFaults } from '../../packages/client/src/index.js';
import { formatDuration } from '../core/duration.js';
import { durationArgument } from './clock.js';
import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import { UsageError, type CliContext } from './context.js';

/** A share of deliveries as the flags take it: 0 to 1, or a percentage (20%). */
function ratioArgument(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text);
  const value = percent ? Number(percent[1]) / 100 : /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(value >= 0 && value <= 1)) throw new UsageError(`${flag} must be a share from 0 to 1, or a percentage such as 20%`);
  return value;
}

function describe(faults: WebhookFaults): string {
  const share = (ratio: number) => `${Math.round(ratio * 1000) / 10}%`;
  if (Object.values(faults).every((value) => value === 0)) return 'Webhook faults: off (every event sent once, at once)';
  return [
    `Duplicated:  ${share(faults.duplicate_ratio)} of deliveries sent twice`,
    `Reordered:   ${share(faults.reorder_ratio)} held back up to ${formatDuration(faults.reorder_window_seconds)}`,
    `Delayed:     ${share(faults.delay_ratio)} sent ${formatDuration(faults.delay_seconds)} late`,
  ].join('\n');
}

async function show(args: string[], context: CliContext): Promise<number> {
  parseCommandArgs(args, {}, { min: 0, max: 0 });
  const faults = await (await context.client()).sandbox.webhookFaults.show();
  context.output(faults, () => describe(faults));
  return 0;
}

async function set(args: string[], context: CliContext): Promise<number> {
  const flags = { duplicate: { type: 'string' }, reorder: { type: 'string' }, 'reorder-window': { type: 'string' }, delay: { type: 'string' }, 'delay-by': { type: 'string' } } as const;
  const { values } = parseCommandArgs(args, flags, { min: 0, max: 0 });
  const faults = await (await context.client()).sandbox.webhookFaults.set({
    duplicate_ratio: ratioArgument(values.duplicate, '--duplicate'),
    reorder_ratio: ratioArgument(values.reorder, '--reorder'),
    reorder_window_seconds: values['reorder-window'] === undefined ? undefined : durationArgument(values['reorder-window']),
    delay_ratio: ratioArgument(values.delay, '--delay'),
    delay_seconds: values['delay-by'] === undefined ? undefined : durationArgument(values['delay-by']),
  });
  context.output(faults, () => describe(faults));
  return 0;
}

async function off(args: string[], context: CliContext): Promise<number> {
  parseCommandArgs(args, {}, { min: 0, max: 0 });
  const faults = await (await context.client()).sandbox.webhookFaults.set({});
  context.output(faults, () => describe(faults));
  return 0;
}

export const webhookFaultsCommand: Command = {
  name: 'webhook-faults',
  summary: "Show or set this platform's sandbox webhook faults (duplicates, reordering, delays)",
  usage: `Usage:
  payments webhook-faults show
      This platform's webhook faults in the sandbox (off unless set).
  payments webhook-faults set [--duplicate SHARE] [--reorder SHARE --reorder-window DURATION]
                              [--delay SHARE --delay-by DURATION]
      Sends SHARE (0 to 1, or 20%) of the webhook deliveries twice, out of order within the window,
      or late by the duration (90s, 15m, 3h); a flag left out turns its fault off. Every such
      delivery is signed like any other; its attempts are marked injected in \`events show\`.
  payments webhook-faults off
      Every event sent once, at once again.

Sandbox only; times are on this platform's sandbox clock.`,
  run(args, context) {
    if (context.environment === 'live') throw new UsageError('Webhook faults exist in the sandbox alone: leave out --live');
    return runSubcommand(args, context, { show, set, off });
  },
};
