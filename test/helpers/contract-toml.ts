/**
 * Contract TOML for tests that run a contract through a real loader (the CLI, the Action, the run
 * pipeline), built from what the test cares about instead of re-typing the `[contract]` / `[[done]]`
 * boilerplate. Tests of the loader's own parsing and error positions keep literal TOML.
 */

type TomlValue = string | number | boolean | readonly string[];
type Table = Record<string, TomlValue | undefined>;

/** One `[[done]]` clause: a check (`run` a shell command) or a review. */
export type Clause =
  | ({ kind: 'check'; desc: string; run: string } & Table)
  | ({ kind: 'review'; desc: string } & Table);

/** The check that always passes, for contracts whose point is the executor or the provider. */
export const TRUE_CHECK: Clause = { kind: 'check', desc: 'true', run: 'true' };

/** The harness's greeting check: greeting.txt holds exactly `hello from the harness` and a newline. */
export const GREETING_CHECK: Clause = {
  kind: 'check',
  desc: 'greeting.txt has the exact line',
  run: "printf 'hello from the harness\\n' | cmp - greeting.txt",
};

/** The check of the gated-agent contracts: approved.txt holds exactly `approved`. */
export const APPROVED_CHECK: Clause = {
  kind: 'check',
  desc: 'approved.txt says approved',
  run: 'grep -qx approved approved.txt',
  timeout_sec: 10,
};

/** The harness's greeting contract: one {@link GREETING_CHECK}. */
export const GREETING_CONTRACT = contractToml(
  {
    id: 'greeting-0001',
    title: 'Write a greeting file',
    intent: 'Create greeting.txt containing exactly: hello from the harness',
  },
  GREETING_CHECK,
);

/**
 * `[contract]` (`id`, `intent`, optional `title`, `paths`, `paths_ignore`), one `[[done]]` table per clause, then each of
 * `tables` (`executor`, `constraints`, `provider`, …) in the order given. Strings are TOML basic
 * strings, so `run` is the command exactly as the shell receives it.
 */
export function contractToml(
  contract: {
    id: string;
    intent: string;
    title?: string;
    paths?: readonly string[];
    paths_ignore?: readonly string[];
  },
  done: Clause | readonly Clause[],
  tables: Record<string, Table> = {},
): string {
  const parts = [table('[contract]', contract)];
  for (const clause of Array.isArray(done) ? done : [done]) parts.push(table('[[done]]', clause as Table));
  for (const [name, values] of Object.entries(tables)) parts.push(table(`[${name}]`, values));
  return parts.join('\n');
}

function table(header: string, values: Table): string {
  const lines = [header];
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) lines.push(`${key} = ${tomlValue(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

function tomlValue(value: TomlValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
  return String(value);
}
