import { type ParseArgsConfig, parseArgs } from 'node:util';
import { didYouMean, UsageError } from './usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Strict option parsing; unknown flags and missing values become usage errors that name the command. */
export function parseCommandArgs<T extends Options>(command: string, args: string[], options: T) {
  const all = { ...options, help: { type: 'boolean', short: 'h' } } as const;
  try {
    return parseArgs({ args, options: all, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify.*$/s, '');
    const unknown =
      (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? unknownFlag(args, all)
        : undefined;
    const hint = unknown
      ? didYouMean(
          unknown,
          Object.keys(all).map((name) => `--${name}`),
        )
      : '';
    throw new UsageError(`${command}: ${message}${hint}`);
  }
}

/** The first `--flag` (before any `--`) that is not one of the command's options. */
function unknownFlag(args: readonly string[], options: Options): string | undefined {
  for (const arg of args) {
    if (arg === '--') return undefined;
    if (!arg.startsWith('--')) continue;
    const name = arg.slice(2).split('=')[0] as string;
    if (!Object.hasOwn(options, name)) return `--${name}`;
  }
  return undefined;
}

/** Returns exactly `count` positionals or explains which are missing. */
export function requirePositionals(command: string, positionals: string[], names: string[]): string[] {
  if (positionals.length < names.length) {
    throw new UsageError(
      `${command}: missing ${names
        .slice(positionals.length)
        .map((n) => `<${n}>`)
        .join(' ')}`,
    );
  }
  if (positionals.length > names.length) {
    throw new UsageError(`${command}: unexpected argument ${JSON.stringify(positionals[names.length])}`);
  }
  return positionals;
}
