import { createHash } from 'node:crypto';
import { canonicalJson } from '../ledger/canonical-json.js';
import { ContractError, type ContractIssue } from './errors.js';
import { formatPath, isTable, type PathIssue, validate } from './issues.js';
import {
  checkTomlDocument,
  parseTomlDocument,
  readTomlSource,
  type TomlDocument,
  type TomlSource,
} from './load.js';
import { CORE_CONTRACT_FORMAT, type ContractFormat, type ResolvedContract } from './schema.js';
import { pathKey, type TomlPath } from './toml-positions.js';

/** The last layer: CLI flags or action inputs. Undefined fields are not applied. */
export interface ContractOverrides {
  /** `--reviewers N`: panel size. */
  reviewers?: number;
  /** `--provider KIND`, `--model M`, `--base-url URL`. */
  provider?: { kind?: string; model?: string; base_url?: string };
  /** Free text after `--` (`/truss run NAME -- ...`): replaces `[contract] intent`. */
  intent?: string;
  /** `--verify-only` / `/truss verify`: judge the work as it is (executor "none"), run nothing else. */
  verifyOnly?: boolean;
}

export interface ResolveContractOptions {
  /** `.truss/config.toml`, when the repository has one. */
  configPath?: string;
  contractPath: string;
  overrides?: ContractOverrides;
  /** The contract format: core's keys plus a host's; default core's alone. */
  format?: ContractFormat;
}

/** Where the resolved contract came from, in layering order. */
export interface ContractSources {
  config: string | null;
  contract: string;
  /** Flags that were applied, e.g. `['--reviewers', '--model']`. */
  flags: string[];
}

export interface ResolvedContractResult {
  contract: ResolvedContract;
  /** `contract_hash`: sha256 hex of the RFC 8785 canonical JSON of `contract`. */
  hash: string;
  sources: ContractSources;
}

/** The flag that sets each overridable path, for error messages. */
const FLAGS: ReadonlyMap<string, string> = new Map([
  [pathKey(['reviewers']), '--reviewers'],
  [pathKey(['provider', 'kind']), '--provider'],
  [pathKey(['provider', 'model']), '--model'],
  [pathKey(['provider', 'base_url']), '--base-url'],
  [pathKey(['contract', 'intent']), '--intent'],
  [pathKey(['executor', 'kind']), '--verify-only'],
]);

/**
 * Layers `.truss/config.toml` → contract file → overrides (later wins; tables merge key by key,
 * arrays and scalars replace) and validates the result. Every problem in every layer is reported in
 * one `ContractError`, placed at `file:line:col` or named by its flag.
 */
export function resolveContract(options: ResolveContractOptions): ResolvedContractResult {
  const config = options.configPath === undefined ? undefined : readTomlSource(options.configPath);
  const contract = readTomlSource(options.contractPath);
  return resolveContractSources({ config, contract, overrides: options.overrides, format: options.format });
}

/** `resolveContract` over texts already in memory (e.g. read through the GitHub contents API). */
export function resolveContractSources(input: {
  config?: TomlSource;
  contract: TomlSource;
  overrides?: ContractOverrides;
  format?: ContractFormat | undefined;
}): ResolvedContractResult {
  const overrides = input.overrides ?? {};
  const format = input.format ?? CORE_CONTRACT_FORMAT;
  const docs: { config?: TomlDocument; contract?: TomlDocument } = {};
  const syntax: ContractError[] = [];
  for (const [layer, source] of [
    ['config', input.config],
    ['contract', input.contract],
  ] as const) {
    if (!source) continue;
    try {
      docs[layer] = parseTomlDocument(source);
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      syntax.push(error);
    }
  }

  const issues: ContractIssue[] = syntax.flatMap((error) => [...error.issues]);
  if (docs.config) issues.push(...checkTomlDocument(docs.config, format.config));
  if (docs.contract) {
    const skip: TomlPath[] = overrides.intent === undefined ? [] : [['contract', 'intent']];
    issues.push(...checkTomlDocument(docs.contract, format.contract, skip));
  }
  const order = [input.config?.file, input.contract.file];
  const byPosition = (a: ContractIssue, b: ContractIssue) =>
    rank(order, a.file) - rank(order, b.file) || a.line - b.line || a.col - b.col;
  if (issues.length > 0) {
    throw new ContractError(issues.sort(byPosition), syntax.length > 0 ? 'toml_syntax' : 'invalid');
  }

  const contractDoc = docs.contract as TomlDocument;
  const merged: Record<string, unknown> = {};
  const provenance = new Map<string, Source>();
  if (docs.config) {
    mergeLayer(merged, pickLayered(docs.config.data, format), { kind: 'file', doc: docs.config }, provenance);
  }
  mergeLayer(merged, pickLayered(contractDoc.data, format), { kind: 'file', doc: contractDoc }, provenance);
  const flags = applyOverrides(merged, overrides, provenance);

  const result = validate(format.resolved, merged);
  if (!result.ok) {
    const placed = result.issues.map((issue) => placeMerged(issue, provenance, contractDoc));
    throw new ContractError(placed.sort(byPosition));
  }
  const contract = result.value as ResolvedContract;
  return {
    contract,
    hash: contractHash(contract),
    sources: { config: input.config?.file ?? null, contract: contractDoc.file, flags },
  };
}

/** sha256 hex over the canonical JSON (RFC 8785) of a resolved contract: the `contract_hash`. */
export function contractHash(contract: ResolvedContract): string {
  return createHash('sha256').update(canonicalJson(contract), 'utf8').digest('hex');
}

// --- layering -----------------------------------------------------------------------------------

type Source = { kind: 'file'; doc: TomlDocument } | { kind: 'flag'; flag: string };

/** The keys that take part in layering; a host's config-only keys stay behind. */
function pickLayered(data: Record<string, unknown>, format: ContractFormat): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => format.layeredKeys.has(key)));
}

/**
 * Deep-merges `layer` into `target`. Provenance records which layer supplied each path, so an error
 * in the merged contract can be reported where the offending value was written. A table keeps the
 * provenance of the last *file* that touched it (a missing key is best fixed in a file).
 */
function mergeLayer(
  target: Record<string, unknown>,
  layer: Record<string, unknown>,
  source: Source,
  provenance: Map<string, Source>,
  base: (string | number)[] = [],
): void {
  for (const [key, value] of Object.entries(layer)) {
    const path = [...base, key];
    const existing = target[key];
    if (isTable(value) && isTable(existing)) {
      const previous = provenance.get(pathKey(path));
      if (source.kind === 'file' || previous === undefined) provenance.set(pathKey(path), source);
      mergeLayer(existing, value, source, provenance, path);
    } else {
      target[key] = copy(value);
      markAll(path, value, source, provenance);
    }
  }
}

function markAll(
  path: (string | number)[],
  value: unknown,
  source: Source,
  provenance: Map<string, Source>,
): void {
  provenance.set(pathKey(path), source);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      markAll([...path, index], item, source, provenance);
    });
  } else if (isTable(value)) {
    for (const [key, item] of Object.entries(value)) markAll([...path, key], item, source, provenance);
  }
}

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isTable(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
  return value;
}

function applyOverrides(
  merged: Record<string, unknown>,
  overrides: ContractOverrides,
  provenance: Map<string, Source>,
): string[] {
  const applied: string[] = [];
  const set = (path: [string, ...string[]], value: unknown) => {
    if (value === undefined) return;
    const flag = FLAGS.get(pathKey(path)) ?? `--${path.join('.')}`;
    applied.push(flag);
    let layer: Record<string, unknown> = { [path[path.length - 1] as string]: value };
    for (let i = path.length - 2; i >= 0; i--) layer = { [path[i] as string]: layer };
    mergeLayer(merged, layer, { kind: 'flag', flag }, provenance);
  };
  set(['reviewers'], overrides.reviewers);
  set(['provider', 'kind'], overrides.provider?.kind);
  set(['provider', 'model'], overrides.provider?.model);
  set(['provider', 'base_url'], overrides.provider?.base_url);
  set(['contract', 'intent'], overrides.intent);
  set(['executor', 'kind'], overrides.verifyOnly ? 'none' : undefined);
  return applied;
}

/** Attributes an issue in the merged contract to the layer that wrote the closest enclosing value. */
function placeMerged(
  issue: PathIssue,
  provenance: Map<string, Source>,
  fallback: TomlDocument,
): ContractIssue {
  const path = formatPath(issue.path);
  let source: Source = { kind: 'file', doc: fallback };
  for (let n = issue.path.length; n > 0; n--) {
    const found = provenance.get(pathKey(issue.path.slice(0, n)));
    if (found) {
      source = found;
      break;
    }
  }
  if (source.kind === 'flag') {
    const flag = FLAGS.get(pathKey(issue.path)) ?? source.flag;
    return { file: flag, line: 0, col: 0, path, message: issue.message };
  }
  const { line, col } = source.doc.positions.locate(issue.path);
  return { file: source.doc.file, line, col, path, message: issue.message };
}

function rank(order: readonly (string | undefined)[], file: string): number {
  const index = order.indexOf(file);
  return index === -1 ? order.length : index;
}
