/** The CLI's entry: `npm run cli -- <command> …` or the `payments` executable (bin/payments.js). */
import { PaymentsApiError, PaymentsConnectionError } from '../../packages/client/src/index.js';
import { COMMANDS } from './commands.js';
import type { Command } from './command.js';
import { CliFailure, UsageError, createContext, splitGlobalFlags, type CliContext } from './context.js';

const OVERVIEW = `Usage: payments <command> [options]

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(10)} ${command.summary}`).join('\n')}

Options of every command:
  --url URL              The server (PAYMENTS_URL, else the profile's, else http://localhost:8080)
  --client-id ID         Client credentials (PAYMENTS_CLIENT_ID / PAYMENTS_CLIENT_SECRET, else the
  --client-secret SECRET   profile written by \`login\`)
  --live                 The live environment (default: sandbox)
  --json                 Machine-readable output
  --help                 Help of a command: payments <command> --help

Exit codes: 0 ok, 1 the operation failed, 2 wrong usage.`;

/** What the user should read when the API or the network refuses, with a hint where one helps. */
function explain(error: PaymentsApiError | PaymentsConnectionError, context: CliContext): string {
  if (error instanceof PaymentsConnectionError) {
    return `${error.message}\nIs the server running? Point at it with --url or PAYMENTS_URL.`;
  }
  const trace = error.trace_id ? ` (trace ${error.trace_id})` : '';
  const lines = [`${error.detail ?? error.title ?? error.message} [${error.code}, HTTP ${error.status}]${trace}`];
  for (const field of error.errors) lines.push(`  ${field.pointer || '/'}: ${field.detail}`);
  if (error.code === 'invalid_client') lines.push('Wrong client credentials: check --client-id/--client-secret, PAYMENTS_CLIENT_ID/SECRET or run `login` again.');
  if (error.errors.some((field) => field.pointer === '/audience')) {
    lines.push(context.environment === 'sandbox' ? 'This looks like a live client: add --live.' : 'This looks like a sandbox client: leave out --live.');
  }
  if (error.code === 'route_not_found' && context.environment === 'live') lines.push('This is not available in the live environment.');
  return lines.join('\n');
}

function find(name: string | undefined): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}

async function dispatch(rest: string[], context: CliContext): Promise<number> {
  const [name, ...args] = rest;
  if (!name || name === 'help') {
    const wanted = name === 'help' ? find(args[0]) : undefined;
    if (name === 'help' || context.flags.help) context.print(wanted?.usage ?? OVERVIEW);
    else context.printError(OVERVIEW);
    return name === 'help' || context.flags.help ? 0 : 2;
  }
  const command = find(name);
  if (!command) {
    context.printError(`Unknown command ${name}.\n\n${OVERVIEW}`);
    return 2;
  }
  if (context.flags.help) {
    context.print(command.usage);
    return 0;
  }
  try {
    return await command.run(args, context);
  } catch (error) {
    if (error instanceof UsageError) {
      context.printError(`${error.message}\n\n${command.usage}`);
      return 2;
    }
    if (error instanceof PaymentsApiError || error instanceof PaymentsConnectionError) {
      context.printError(explain(error, context));
      return 1;
    }
    if (error instanceof CliFailure) {
      context.printError(error.message);
      return 1;
    }
    throw error;
  }
}

async function run(argv: string[]): Promise<number> {
  let split: ReturnType<typeof splitGlobalFlags>;
  try {
    split = splitGlobalFlags(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${OVERVIEW}\n`);
    return 2;
  }
  return dispatch(split.rest, createContext(split.flags));
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
