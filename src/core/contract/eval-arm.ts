import { ContractError } from './errors.js';
import { formatPath, isTable, validate } from './issues.js';
import { contractHash } from './resolve.js';
import { type ContractFormat, type ResolvedContract, ResolvedContractSchema } from './schema.js';

/**
 * One arm of a paired eval (docs/eval.md): the resolved contract with exactly one setting changed,
 * written `[NAME:]PATH=VALUE` — e.g. `executor.model=gpt-4.1`, `fast:provider.script=fast.json`.
 * VALUE is read as JSON when it parses (numbers, booleans, arrays, quoted strings), else as text.
 */
export interface EvalArm {
  name: string;
  /** The dotted path into the resolved contract, e.g. `executor.model`. */
  path: string[];
  value: unknown;
  /** `PATH=VALUE` as given (what the report shows as the change). */
  change: string;
}

const ARM = /^(?:([A-Za-z0-9][A-Za-z0-9._-]{0,63}):)?([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)=(.*)$/s;

/** Keys an arm may not change: what the eval is about and what would make arms incomparable. */
const FIXED = new Set(['contract', 'done', 'fanout']);

/** Parses `--arms` (comma-separated `[NAME:]PATH=VALUE`, at least two, unique names). */
export function parseArms(text: string): EvalArm[] {
  const specs = splitArms(text);
  const arms = specs.map((spec) => {
    const match = ARM.exec(spec);
    if (!match) {
      throw new ContractError([
        {
          file: '--arms',
          line: 0,
          col: 0,
          path: '',
          message: `arm ${JSON.stringify(spec)} is not [NAME:]PATH=VALUE (e.g. executor.model=gpt-4.1)`,
        },
      ]);
    }
    const [, name, dotted, raw] = match as unknown as [string, string | undefined, string, string];
    const path = dotted.split('.');
    if (FIXED.has(path[0] as string)) {
      throw new ContractError([
        {
          file: '--arms',
          line: 0,
          col: 0,
          path: dotted,
          message: `an arm may not change [${path[0]}]: every arm runs the same task and definition of done`,
        },
      ]);
    }
    return { name: name ?? `${dotted}=${raw}`, path, value: parseValue(raw), change: `${dotted}=${raw}` };
  });
  if (arms.length < 2) {
    throw new ContractError([
      {
        file: '--arms',
        line: 0,
        col: 0,
        path: '',
        message: 'an eval needs at least two arms, e.g. --arms executor.model=a,executor.model=b',
      },
    ]);
  }
  const names = new Set<string>();
  for (const arm of arms) {
    if (names.has(arm.name))
      throw new ContractError([
        {
          file: '--arms',
          line: 0,
          col: 0,
          path: '',
          message: `two arms are named ${JSON.stringify(arm.name)}; name them (NAME:PATH=VALUE)`,
        },
      ]);
    names.add(arm.name);
  }
  return arms;
}

/** Splits on commas that start a new arm (`,NAME:` or `,path=`), so values may hold commas inside JSON. */
function splitArms(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === '"' && !current.endsWith('\\')) quoted = !quoted;
    else if (!quoted && (char === '[' || char === '{')) depth++;
    else if (!quoted && (char === ']' || char === '}')) depth--;
    if (char === ',' && depth === 0 && !quoted) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts.filter(Boolean);
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * The arm's contract: the resolved contract with the one change applied (tables created as
 * needed), without `[fanout]`, validated like any contract. Returns it and its hash.
 */
export function applyArm(
  contract: ResolvedContract,
  arm: EvalArm,
  format?: ContractFormat,
): { contract: ResolvedContract; hash: string } {
  const { fanout: _fanout, ...base } = structuredClone(contract);
  const data = base as Record<string, unknown>;
  let table = data;
  for (const key of arm.path.slice(0, -1)) {
    const next = table[key];
    if (next === undefined) table[key] = {};
    else if (!isTable(next)) {
      throw new ContractError([
        {
          file: `--arms ${arm.name}`,
          line: 0,
          col: 0,
          path: arm.path.join('.'),
          message: `${key} is not a table`,
        },
      ]);
    }
    table = table[key] as Record<string, unknown>;
  }
  table[arm.path[arm.path.length - 1] as string] = arm.value;
  // A host's keys (e.g. the Action's `unverifiable`) are part of its contracts: validate with its format.
  const result = validate(
    (format?.resolved ?? ResolvedContractSchema) as typeof ResolvedContractSchema,
    data,
  );
  if (!result.ok) {
    throw new ContractError(
      result.issues.map((issue) => ({
        file: `--arms ${arm.name}`,
        line: 0,
        col: 0,
        path: formatPath(issue.path),
        message: issue.message,
      })),
    );
  }
  return { contract: result.value, hash: contractHash(result.value) };
}
