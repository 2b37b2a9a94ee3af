import { formatDuration, InvalidDuration, parseDuration } from '../core/duration.js';
import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import { UsageError, type CliContext } from './context.js';

/** A duration as `clock advance` takes it; a wrong one is a usage error (exit code 2). */
export function durationArgument(text: string): number {
  try {
    return parseDuration(text);
  } catch (error) {
    if (error instanceof InvalidDuration) throw new UsageError(error.message);
    throw error;
  }
}

/** How far the platform's sandbox clock is ahead of this machine's. */
function ahead(now: string): string {
  const seconds = (Date.parse(now) - Date.now()) / 1000;
  return seconds >= 1 ? `${formatDuration(seconds)} ahead of real time` : 'at real time';
}

async function show(args: string[], context: CliContext): Promise<number> {
  parseCommandArgs(args, {}, { min: 0, max: 0 });
  const clock = await (await context.client()).sandbox.clock.show();
  context.output(clock, () => `Sandbox clock of this platform: ${clock.now} (${ahead(clock.now)})`);
  return 0;
}

async function advance(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
  const seconds = durationArgument(positionals[0]!);
  const moved = await (await context.client()).sandbox.clock.advance(seconds);
  context.output(moved, () => `Sandbox clock of this platform moved ${formatDuration(seconds)} forward to ${moved.now} (${ahead(moved.now)}); ${moved.jobs_run} scheduled job(s) ran.`);
  return 0;
}

export const clockCommand: Command = {
  name: 'clock',
  summary: "Show or move this platform's sandbox clock (everything due runs: settlements, refunds, retries…)",
  usage: `Usage:
  payments clock show
      This platform's sandbox clock: its time and how far it is ahead of real time.
  payments clock advance DURATION
      Moves this platform's sandbox clock forward by DURATION (90s, 15m, 3h, 2d, or a sum like
      1d12h); everything of this platform that comes due runs before the answer, webhook retries
      included. Each platform has its own clock (a new one starts at real time): no other
      platform's clock, objects or retries move. It never moves back.

Sandbox only.`,
  run(args, context) {
    if (context.environment === 'live') throw new UsageError('The clock is the sandbox\'s alone (live follows real time): leave out --live');
    return runSubcommand(args, context, { show, advance });
  },
};
