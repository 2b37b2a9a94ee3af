import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import { UsageError, type CliContext } from './context.js';

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** `90s`, `15m`, `3h`, `2d` or a sum of them (`1d12h`) in seconds. */
export function parseDuration(text: string): number {
  if (!/^(\d+[smhd])+$/.test(text)) throw new UsageError(`${text} is not a duration: a number and a unit (s, m, h, d), e.g. 90s, 15m, 3h, 2d or 1d12h`);
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)([smhd])/g)) seconds += Number(amount) * UNIT_SECONDS[unit as keyof typeof UNIT_SECONDS];
  if (seconds < 1) throw new UsageError('The duration must be at least 1s');
  return seconds;
}

/** A number of seconds as days, hours, minutes and seconds: 93784 → "1d 2h 3m 4s". */
export function formatDuration(totalSeconds: number): string {
  const parts: string[] = [];
  let rest = Math.round(totalSeconds);
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['m', 60], ['s', 1]] as const) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count}${unit}`);
  }
  return parts.join(' ') || '0s';
}

/** How far the sandbox clock is ahead of this machine's. */
function ahead(now: string): string {
  const seconds = (Date.parse(now) - Date.now()) / 1000;
  return seconds >= 1 ? `${formatDuration(seconds)} ahead of real time` : 'at real time';
}

async function show(args: string[], context: CliContext): Promise<number> {
  parseCommandArgs(args, {}, { min: 0, max: 0 });
  const clock = await (await context.client()).sandbox.clock.show();
  context.output(clock, () => `Sandbox clock: ${clock.now} (${ahead(clock.now)})`);
  return 0;
}

async function advance(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
  const seconds = parseDuration(positionals[0]!);
  const moved = await (await context.client()).sandbox.clock.advance(seconds);
  context.output(moved, () => `Sandbox clock moved ${formatDuration(seconds)} forward to ${moved.now} (${ahead(moved.now)}); ${moved.jobs_run} scheduled job(s) ran.`);
  return 0;
}

export const clockCommand: Command = {
  name: 'clock',
  summary: "Show or move the sandbox clock (everything due runs: settlements, payouts, refunds…)",
  usage: `Usage:
  payments clock show
      The sandbox clock's time and how far it is ahead of real time.
  payments clock advance DURATION
      Moves the sandbox clock forward by DURATION (90s, 15m, 3h, 2d, or a sum like 1d12h);
      everything that comes due runs before the answer. The clock is shared by every platform of
      the server, and never moves back.

Sandbox only.`,
  run(args, context) {
    if (context.environment === 'live') throw new UsageError('The clock is the sandbox\'s alone (live follows real time): leave out --live');
    return runSubcommand(args, context, { show, advance });
  },
};
