import { parseArgs } from 'node:util';
import { COMMANDS } from './commands';

// Only the command table is loaded up front: Nest, the database and the chosen command's domains
// are required once the arguments are known, so that usage errors answer at once and a command
// loads what it uses (see CliModule).

function usage(): string {
  return ['Usage: npm run cli -- <command> [options]', '', ...COMMANDS.map((command) => `  ${command.usage}`)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    process.stderr.write(`${name ? `Unknown command "${name}"\n\n` : ''}${usage()}\n`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(Object.entries(command.options).map(([key, type]) => [key, { type }])),
    strict: true,
  });
  process.env.LOG_DESTINATION ??= 'stderr';
  // Loaded after LOG_DESTINATION is set: configuration is read when the module is imported.
  const [{ createCommandContext }, work] = await Promise.all([import('./cli.module'), command.load()]);
  const app = await createCommandContext(work.imports);
  try {
    const result = await work.run(app, values);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`Error: ${error.message}\n`);
    process.exit(1);
  },
);
