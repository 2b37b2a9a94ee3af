import { parseCommandArgs, type Command } from './command.js';

export const tokenCommand: Command = {
  name: 'token',
  summary: 'Print an access token (sandbox; --live for live)',
  usage: `Usage: payments token [--live] [--scope "payments:read …"] [--json]

Fetches an access token with the client credentials (flags, PAYMENTS_CLIENT_ID/SECRET or the
profile) and prints it, e.g. TOKEN=$(payments token). --json prints the whole token answer.`,
  async run(args, context) {
    const { values } = parseCommandArgs(args, { scope: { type: 'string' } }, { min: 0, max: 0 });
    const client = await context.client(values.scope);
    const token = await client.accessToken();
    context.output({ access_token: token, token_type: 'Bearer', environment: context.environment, audience: client.audience }, () => token);
    return 0;
  },
};
