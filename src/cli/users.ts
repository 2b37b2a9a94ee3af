import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import { withDatabase } from './database.js';
import type { Database } from '../core/db.js';
import { UsageError, type CliContext } from './context.js';

/** The dashboard's users on the database (loaded when a subcommand runs, see withDatabase). */
async function dashboardOf(database: Database) {
  const [{ DashboardUsers }, { systemClock }, { loadConfig }] = await Promise.all([import('../dashboard/service.js'), import('../core/clock.js'), import('../core/config.js')]);
  return DashboardUsers.open(database.db, loadConfig(), systemClock);
}

async function create(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(args, { platform: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } }, { min: 0, max: 0 });
  if (!values.platform || !values.email || !values.role) throw new UsageError('--platform, --email and --role are required');
  if (!['admin', 'developer', 'viewer'].includes(values.role)) throw new UsageError('--role must be admin, developer or viewer');
  const input = { platformId: values.platform, email: values.email, role: values.role };
  const created = await withDatabase(async (database) => (await dashboardOf(database)).createUser(input));
  context.print(
    [
      `user_id: ${created.userId}`,
      `Sign-in link (sets the password; valid 7 days, once): ${created.setupUrl}`,
      'The link is stored only as a hash: this is the only time it is shown.',
    ].join('\n'),
  );
  return 0;
}

async function signOut(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
  const email = positionals[0]!;
  const count = await withDatabase(async (database) => (await dashboardOf(database)).revokeSessions(email));
  if (count === undefined) {
    context.print(`No dashboard user ${email}.`);
    return 1;
  }
  context.print(`Signed ${email} out of ${count} session(s).`);
  return 0;
}

export const usersCommand: Command = {
  name: 'users',
  summary: 'Create dashboard users and sign them out (on the database: DATABASE_URL or DATA_DIR)',
  usage: `Usage:
  payments users create --platform acc_… --email EMAIL --role admin|developer|viewer
      Creates a user of the platform's dashboard (/dashboard); prints a one-time sign-in link that sets the password.
  payments users sign-out EMAIL
      Ends every session of the email's users (on every platform): each browser is signed out at its next request.

Works on the database directly (DATABASE_URL, else the embedded database in DATA_DIR; .env is read),
never through the API.`,
  run: (args, context) => runSubcommand(args, context, { create, 'sign-out': signOut }),
};
