import { type ParseArgsConfig, parseArgs } from 'node:util';
import { didYouMean, UsageError } from './usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A string flag whose value must be one of `choices` (the shared ones are in choice-flags.ts).
 * parseCommandArgs checks it with the rest of the command line, before the command reads a file or
 * creates anything: any other value is a usage error (exit 64, docs/cli.md "Exit codes") that lists
 * the choices and guesses the one meant. The same value written in a contract stays a contract error (3).
 */
export function choiceFlag<const C extends readonly string[]>(choices: C) {
  return { type: 'string', choices } as const;
}

/** Strict option parsing; unknown flags, missing values and values that are no choice become usage errors that name the command. */
export function parseCommandArgs<T extends Options>(command: string, args: string[], options: T) {
  const all = { ...options, help: { type: 'boolean', short: 'h' } } as const;
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof all; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({ args, options: withoutChoices(all), allowPositionals: true, strict: true });
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
  const values = parsed.values as Record<string, unknown>;
  for (const [name, config] of Object.entries(options)) {
    const choices = (config as { choices?: readonly string[] }).choices;
    const value = values[name];
    if (choices && typeof value === 'string') values[name] = oneOf(`${command}: --${name}`, value, choices);
  }
  return parsed;
}

/** The options as node's parseArgs takes them: `choices` is ours. */
function withoutChoices<O extends Options>(options: O): O {
  return Object.fromEntries(
    Object.entries(options).map(([name, config]) => {
      const { choices: _, ...rest } = config as typeof config & { choices?: unknown };
      return [name, rest];
    }),
  ) as O;
}

/**
 * The choice `value` names, matched as `--isolation` always was (trimmed, any case), or a usage error
 * that lists the choices and the closest one. `where` names what was given (`run: --provider`).
 */
export function oneOf(where: string, value: string, choices: readonly string[]): string {
  const wanted = value.trim().toLowerCase();
  const match = choices.find((choice) => choice.toLowerCase() === wanted);
  if (match !== undefined) return match;
  const hint = wanted.length <= 64 ? didYouMean(wanted, choices) : '';
  throw new UsageError(`${where} must be one of ${choices.join(', ')} (got ${JSON.stringify(value)})${hint}`);
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
