import type { Branding, BrandingUpdate } from '../../packages/client/src/index.js';
import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import { UsageError, type CliContext } from './context.js';
import { fields } from './format.js';

const FORMATS = ['merchant_primary', 'platform_primary'] as const;
const INHERITABLE = ['name', 'primary', 'secondary', 'format', 'logo'] as const;
type Inheritable = (typeof INHERITABLE)[number];

/** The account named, else the platform's own. */
async function accountOf(positionals: string[], context: CliContext): Promise<string> {
  if (positionals[0]) return positionals[0];
  const accounts = await (await context.client()).accounts.list({ first: 100 }).toArray(1000);
  const platform = accounts.find((account) => account.type === 'platform');
  if (!platform) throw new UsageError('Name an account: this environment has no platform account yet');
  return platform.id;
}

function describe(branding: Branding): string {
  const inherited = (member: string) => (branding.inherited.includes(member as Branding['inherited'][number]) ? ' (inherited)' : '');
  return fields([
    ['Account', branding.account_id],
    ['Name', `${branding.name}${inherited('name')}`],
    ['Primary', `${branding.colors.primary}${inherited('colors.primary')}`],
    ['Secondary', `${branding.colors.secondary}${inherited('colors.secondary')}`],
    ['Format', `${branding.format}${inherited('format')}`],
    ['Logo', branding.logo ? `${branding.logo.document_id} (${branding.logo.url})` : null],
    ...branding.contrast_adjustments.map(
      (adjustment): [string, string] => [`Contrast ${adjustment.use}`, `${adjustment.given} shown as ${adjustment.shown} (${adjustment.ratio}:1, needs ${adjustment.minimum}:1)`],
    ),
  ]);
}

async function show(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 0, max: 1 });
  const branding = await (await context.client()).accounts.branding(await accountOf(positionals, context));
  context.output(branding, () => describe(branding));
  return 0;
}

/** The update the flags ask for: a value sets a member, --inherit returns it to what it inherits. */
function updateOf(values: { name?: string; primary?: string; secondary?: string; format?: string; logo?: string; inherit?: string[] }): BrandingUpdate {
  const inherit = new Set(values.inherit ?? []);
  for (const member of inherit) if (!INHERITABLE.includes(member as Inheritable)) throw new UsageError(`--inherit takes one of ${INHERITABLE.join(', ')}`);
  for (const member of INHERITABLE) if (inherit.has(member) && values[member] !== undefined) throw new UsageError(`--${member} and --inherit ${member} contradict each other`);
  if (values.format !== undefined && !FORMATS.includes(values.format as (typeof FORMATS)[number])) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  const pick = (member: Inheritable) => (inherit.has(member) ? null : values[member]);
  const update: BrandingUpdate = {};
  if (pick('name') !== undefined) update.name = pick('name');
  if (pick('format') !== undefined) update.format = pick('format') as BrandingUpdate['format'];
  if (pick('logo') !== undefined) update.logo_document_id = pick('logo');
  if (pick('primary') !== undefined || pick('secondary') !== undefined) update.colors = { primary: pick('primary'), secondary: pick('secondary') };
  if (Object.keys(update).length === 0) throw new UsageError('Give at least one of --name, --primary, --secondary, --format, --logo, --inherit');
  return update;
}

async function set(args: string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      name: { type: 'string' },
      primary: { type: 'string' },
      secondary: { type: 'string' },
      format: { type: 'string' },
      logo: { type: 'string' },
      inherit: { type: 'string', multiple: true },
    },
    { min: 0, max: 1 },
  );
  const update = updateOf(values);
  const branding = await (await context.client()).accounts.setBranding(await accountOf(positionals, context), update);
  context.output(branding, () => describe(branding));
  return 0;
}

export const brandingCommand: Command = {
  name: 'branding',
  summary: "Show or set the hosted pages' branding of the platform or a merchant",
  usage: `Usage:
  payments branding show [ACCOUNT_ID]
  payments branding set [ACCOUNT_ID] [--name NAME] [--primary #RRGGBB] [--secondary #RRGGBB]
      [--format ${FORMATS.join('|')}] [--logo DOCUMENT_ID] [--inherit ${INHERITABLE.join('|')}]...
      Without ACCOUNT_ID: the platform's own account. Only the members given change; --inherit
      returns one to what it inherits (the platform's name and colours, the merchant's business name).
      --logo names a company_logo document (upload it to /v2/documents first; at most 256 KB).

Prints what the pages show, and where they show a darker or lighter colour so that text and focus
rings read (WCAG AA). --json prints the API's object.`,
  run: (args, context) => runSubcommand(args, context, { show, set }),
};
