/**
 * The CLI's commands, in the order `payments --help` lists them.
 *
 * Adding a command:
 * 1. Write `src/cli/<name>.ts` exporting a `Command` (see ./command.ts): `name`, a one-line
 *    `summary`, the full `usage` text, and `run(args, context)` answering the exit code.
 * 2. In `run`, parse the command's own flags with `parseCommandArgs` (a group of subcommands uses
 *    `runSubcommand`); the global flags (--url, --client-id, --client-secret, --live, --json, --help)
 *    are already taken out and resolved in `context` (./context.ts). Call the API only through
 *    `await context.client()` (the typed client of packages/client), print with `context.print`,
 *    `context.output(value, human)` (JSON under --json) or `context.printError`.
 *    Keep the module's top-level imports light (the typed client, node:*): every command and --help
 *    loads every module; import database or domain modules inside `run` (see ./database.ts).
 * 3. Throw `UsageError` for wrong arguments (exit 2, usage printed); let API and connection errors
 *    through: main.ts explains them (exit 1). `--help` is handled by main.ts from `usage`.
 * 4. Import it here and add it to COMMANDS; cover it in test/e2e/cli.test.ts.
 */
import type { Command } from './command.js';
import { brandingCommand } from './branding.js';
import { clientsCommand } from './clients.js';
import { clockCommand } from './clock.js';
import { webhookFaultsCommand } from './webhook-faults.js';
import { eventsCommand } from './events.js';
import { keysCommand } from './keys.js';
import { listenCommand } from './listen.js';
import { loginCommand } from './login.js';
import { migrateCommand } from './migrate.js';
import { paymentsCommand } from './payments.js';
import { bankStatementsCommand, payoutFilesCommand } from './payout-files.js';
import { payoutAccountCommand } from './payout-account.js';
import { tokenCommand } from './token.js';
import { triggerCommand } from './trigger.js';
import { usersCommand } from './users.js';

export const COMMANDS: Command[] = [loginCommand, tokenCommand, listenCommand, triggerCommand, paymentsCommand, brandingCommand, payoutAccountCommand, eventsCommand, clockCommand, webhookFaultsCommand, clientsCommand, usersCommand, keysCommand, payoutFilesCommand, bankStatementsCommand, migrateCommand];
