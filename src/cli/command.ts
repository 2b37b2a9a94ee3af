import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type CliContext } from './context.js';

/** One top-level command of the CLI (a group such as `payments` handles its subcommands itself). */
export interface Command {
  /** The word that calls it: `payments <name> …`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full help, printed by `--help` and after a usage error. */
  usage: string;
  /**
   * Runs with the arguments after the name, global flags (--url, --client-id, --client-secret,
   * --live, --json, --help) already taken out. Answers the exit code: 0 ok, 1 the operation failed.
   * Throw UsageError for wrong arguments (exit 2); API and connection errors are explained by main.
   */
  run(args: string[], context: CliContext): Promise<number>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** The command's own flags and positionals, strictly: an unknown flag is a UsageError. */
export function parseCommandArgs<O extends Options>(args: string[], options: O, positionals: { min: number; max: number }) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const count = parsed.positionals.length;
  if (count < positionals.min) throw new UsageError('Missing argument');
  if (count > positionals.max) throw new UsageError(`Unexpected argument ${parsed.positionals[positionals.max]}`);
  return parsed;
}

/** A group's subcommand: `events list …` runs `subcommands.list` with the arguments after it. */
export async function runSubcommand(
  args: string[],
  context: CliContext,
  subcommands: Record<string, (args: string[], context: CliContext) => Promise<number>>,
): Promise<number> {
  const [name, ...rest] = args;
  if (!name) throw new UsageError(`Name a subcommand: ${Object.keys(subcommands).join(', ')}`);
  const subcommand = Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
  if (!subcommand) throw new UsageError(`Unknown subcommand ${name}; one of ${Object.keys(subcommands).join(', ')}`);
  return subcommand(rest, context);
}

/** A --limit style flag: a whole number of at least 1, or the default when absent. */
export function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} must be a whole number of at least 1`);
  return Number(value);
}
