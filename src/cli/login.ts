import { createInterface } from 'node:readline/promises';
import { PaymentsClient } from '../../packages/client/src/index.js';
import { parseCommandArgs, type Command } from './command.js';
import { CliFailure } from './context.js';

/** Asks on the terminal for what no flag, variable or profile gave; refuses when there is no terminal to ask on. */
async function ask(question: string, given: string | undefined): Promise<string> {
  if (given) return given;
  if (!process.stdin.isTTY) throw new CliFailure(`No terminal to ask for the ${question}: pass it as a flag (see --help)`);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await prompt.question(`${question}: `)).trim();
  } finally {
    prompt.close();
  }
}

export const loginCommand: Command = {
  name: 'login',
  summary: 'Check client credentials against the server and save them in the profile',
  usage: `Usage: payments login [--url URL] [--client-id ID --client-secret SECRET] [--live]

Fetches a token with the credentials (asked on the terminal when not given) to check them, then
writes the server URL and the credentials for the environment (sandbox, or live with --live) to
the profile: PAYMENTS_CONFIG, else ~/.config/payments/profile.json, readable by you alone (0600).
Later commands use them when no flag or environment variable says otherwise.`,
  async run(args, context) {
    parseCommandArgs(args, {}, { min: 0, max: 0 });
    const url = await context.url();
    const known = await context.givenCredentials();
    const clientId = await ask('Client ID', known.clientId);
    const clientSecret = await ask('Client secret', known.clientSecret);
    const client = new PaymentsClient({ baseUrl: url, environment: context.environment, clientId, clientSecret });
    await client.accessToken();
    const profile = await context.readProfile();
    await context.writeProfile({ ...profile, url, [context.environment]: { client_id: clientId, client_secret: clientSecret } });
    context.output({ url, environment: context.environment, client_id: clientId, profile: context.profilePath }, () =>
      `Logged in to ${url} (${context.environment}) as ${clientId}; saved in ${context.profilePath}.`,
    );
    return 0;
  },
};
