import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Strict option parsing; unknown flags and missing values become usage errors that name the command. */
export function parseCommandArgs<T extends Options>(command: string, args: string[], options: T) {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message.replace(/\. To specify.*$/s, '')}`);
  }
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
