import { isScenario, ScenarioFailure, SCENARIOS, type Run } from '../sandbox/scenarios.js';
import { parseCommandArgs, type Command } from './command.js';
import { outputLine } from './format.js';
import { CliFailure, UsageError, type CliContext } from './context.js';

function printer(context: CliContext, scenario: string): Run['created'] {
  return (object, id, status, detail) =>
    outputLine(context, { scenario, object, id, status, ...(detail ? { detail } : {}) }, () => `  ${object.padEnd(12)} ${id.padEnd(30)} ${status}${detail ? `  (${detail})` : ''}`);
}

export const triggerCommand: Command = {
  name: 'trigger',
  summary: 'Drive a sandbox scenario end to end through the public API (payments, refunds, payouts, onboarding)',
  usage: `Usage:
  payments trigger SCENARIO [SCENARIO…]

Runs each scenario as a platform and its buyers or merchants would, through the public API, the
hosted pages' API and the simulator (moving the platform's own sandbox clock where the scenario
needs time to pass), and prints every object it creates or changes: its id and status. Webhooks and
\`payments listen\` see the events as they happen. Sandbox only.

Scenarios:
${Object.entries(SCENARIOS)
  .map(([name, scenario]) => `  ${name.padEnd(28)} ${scenario.summary}`)
  .join('\n')}

--json prints one JSON object per line: {scenario, object, id, status}.`,
  async run(args, context) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: Object.keys(SCENARIOS).length });
    if (context.environment === 'live') throw new UsageError('Scenarios run in the sandbox only: leave out --live');
    const unknown = positionals.filter((name) => !isScenario(name));
    if (unknown.length > 0) throw new UsageError(`Unknown scenario ${unknown.join(', ')}; see the list below`);
    const client = await context.client();
    for (const name of positionals) {
      if (!context.json) context.print(`${name}:`);
      try {
        await SCENARIOS[name]!.run({ client, created: printer(context, name) });
      } catch (error) {
        throw error instanceof ScenarioFailure ? new CliFailure(error.message) : error;
      }
    }
    return 0;
  },
};
