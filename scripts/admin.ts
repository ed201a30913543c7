// Admin CLI: `npm run admin -- <command> [--flags] [--json]`.
// Creates and lists organisations, plans, users, projects, keys, tokens,
// generative models, presets and datamodels. `--help` lists everything.
import { parseArgs } from 'node:util';
import { appConfig } from '../lib/config';
import { migrateDatabase } from '../lib/db/migrate';
import { COMMANDS, type Command } from './admin-commands';

function usage(): string {
  const lines = ['Usage: npm run admin -- <command> [options] [--json]', '', 'Commands:'];
  for (const [name, command] of Object.entries(COMMANDS)) {
    const flags = Object.entries(command.options)
      .map(([flag, o]) => (o.required ? `--${flag} <${o.hint ?? 'value'}>` : `[--${flag}${o.type === 'boolean' ? '' : ` <${o.hint ?? 'value'}>`}]`))
      .join(' ');
    lines.push(`  ${name.padEnd(20)} ${command.summary}`, `  ${''.padEnd(20)}   ${flags}`.trimEnd());
  }
  lines.push('', 'Global: --json prints machine-readable output. DATABASE_URL picks the database (default: data/app.db).');
  return lines.join('\n');
}

function printTable(rows: Record<string, unknown>[]) {
  if (!rows.length) return console.log('(none)');
  console.table(rows);
}

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === '--help' || name === '-h' || name === 'help') return console.log(usage());
  const command: Command | undefined = COMMANDS[name];
  if (!command) throw new Error(`Unknown command "${name}". Run with --help to list commands.`);
  const options = Object.fromEntries(Object.entries(command.options).map(([flag, o]) => [flag, { type: o.type ?? 'string' }])) as Record<
    string,
    { type: 'string' | 'boolean' }
  >;
  const { values } = parseArgs({ args: rest, options: { ...options, json: { type: 'boolean' }, help: { type: 'boolean' } }, strict: true });
  if (values.help) return console.log(usage());
  for (const [flag, o] of Object.entries(command.options)) {
    if (o.required && (values as Record<string, unknown>)[flag] === undefined) throw new Error(`${name}: --${flag} is required`);
  }
  await migrateDatabase(appConfig().databaseUrl);
  const result = await command.run(values as Record<string, string | boolean | undefined>);
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else if (Array.isArray(result)) printTable(result as Record<string, unknown>[]);
  else console.log(result);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`error: ${error.message}`);
    process.exit(1);
  },
);
