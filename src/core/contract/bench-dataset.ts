import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A dataset, a predictions file or a repository the verdict benchmark cannot use
 * (docs/bench-verdicts.md); the message names the file, the line and what to do.
 */
export class BenchInputError extends Error {
  override name = 'BenchInputError';
}

/** One benchmark instance: a problem, the repository state it is about, two patches and the tests. */
export interface BenchRecord {
  instanceId: string;
  /** `owner/name` (SWE-bench), or a path to a local git repository. */
  repo: string;
  baseCommit: string;
  problemStatement: string;
  /** The right fix (`good_patch`, or SWE-bench's gold `patch`); null when the record has none. */
  goodPatch: string | null;
  /** A plausible wrong fix; null when the record has none (then only false FAILs are measured). */
  badPatch: string | null;
  testPatch: string | null;
  failToPass: string[];
  passToPass: string[];
  /** The command that runs one test (`{test}`) or a list of them (`{tests}`); null: the host's default. */
  testCmd: string | null;
  /** Runs once before the tests (`[checks] setup`), e.g. `npm ci`; null: the host's default. */
  setup: string | null;
  /** Where the record was read: `file:line`. */
  where: string;
}

/** One model patch to grade (`truss bench-verdicts --solve`), in SWE-bench's predictions shape. */
export interface Prediction {
  instanceId: string;
  modelPatch: string;
  model: string;
  where: string;
}

const INSTANCE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const COMMIT = /^[0-9a-fA-F]{7,64}$/;

/**
 * Reads a benchmark dataset: JSON Lines (one record a line, blank lines skipped) or one JSON array,
 * each record in the SWE-bench instance shape — `instance_id`, `repo`, `base_commit`,
 * `problem_statement`, `patch` (or `good_patch`), `bad_patch`, `test_patch`, `FAIL_TO_PASS`,
 * `PASS_TO_PASS` — where the test lists may be arrays or, as SWE-bench publishes them, strings
 * holding a JSON array. Other fields (`hints_text`, `version`, …) are ignored. Throws
 * {@link BenchInputError} naming `file:line` and the field.
 */
export function parseBenchDataset(text: string, file: string): BenchRecord[] {
  const records = jsonItems(text, file).map(({ value, where }, index) => readRecord(value, where, index + 1));
  if (records.length === 0)
    throw new BenchInputError(`${file}: no records (expected JSON Lines, one instance a line)`);
  const seen = new Map<string, string>();
  for (const record of records) {
    const first = seen.get(record.instanceId);
    if (first)
      throw new BenchInputError(
        `${record.where}: instance_id ${record.instanceId} appears twice (first at ${first}); ids must be unique`,
      );
    seen.set(record.instanceId, record.where);
  }
  return records;
}

/**
 * Reads model patches in SWE-bench's predictions shape — `{instance_id, model_patch,
 * model_name_or_path}` — as JSON Lines, a JSON array, or an object keyed by instance id. A null or
 * missing `model_patch` is an empty patch (graded as not resolving anything).
 */
export function parsePredictions(text: string, file: string): Prediction[] {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  let items: { value: unknown; where: string }[];
  if (isObject(whole) && !('instance_id' in whole)) {
    items = Object.entries(whole).map(([id, value]) => ({
      value: isObject(value) ? { instance_id: id, ...value } : value,
      where: `${file}: ${JSON.stringify(id)}`,
    }));
  } else if (isObject(whole)) items = [{ value: whole, where: file }];
  else items = jsonItems(text, file);
  const predictions = items.map(({ value, where }) => {
    if (!isObject(value)) throw new BenchInputError(`${where}: a prediction must be a JSON object`);
    const instanceId = requiredString(value, 'instance_id', where);
    const patch = value.model_patch;
    if (patch !== undefined && patch !== null && typeof patch !== 'string')
      throw new BenchInputError(`${where}: model_patch must be a string (the diff) or null`);
    const model = value.model_name_or_path;
    if (model !== undefined && typeof model !== 'string')
      throw new BenchInputError(`${where}: model_name_or_path must be a string`);
    return { instanceId, modelPatch: patch ?? '', model: model ?? 'unknown', where };
  });
  if (predictions.length === 0) throw new BenchInputError(`${file}: no predictions`);
  const seen = new Set<string>();
  for (const prediction of predictions) {
    if (seen.has(prediction.instanceId))
      throw new BenchInputError(`${prediction.where}: a second prediction for ${prediction.instanceId}`);
    seen.add(prediction.instanceId);
  }
  return predictions;
}

/**
 * Where a record's repository is on this machine (nothing is fetched): with `reposDir`, `owner/name`
 * is `reposDir/owner__name` (the SWE-bench instance prefix); without it, `repo` must be a path to a
 * git repository, relative to the dataset's directory.
 */
export function resolveBenchRepo(repo: string, options: { reposDir?: string; datasetDir: string }): string {
  const named = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo) && !repo.startsWith('.');
  if (options.reposDir && named) {
    const dir = join(options.reposDir, repo.replace('/', '__'));
    if (isGitRepository(dir)) return dir;
    throw new BenchInputError(
      `repository ${repo} is not on this machine: Truss fetches nothing — clone it as ${dir} (DIR/owner__name under --repos DIR)`,
    );
  }
  const dir = resolve(options.datasetDir, repo);
  if (isGitRepository(dir)) return dir;
  throw new BenchInputError(
    named
      ? `repository ${repo} is not on this machine: Truss fetches nothing — clone it as DIR/${repo.replace('/', '__')} and pass --repos DIR`
      : `repository ${repo} (${dir}) is not a git repository: set "repo" to a local clone's path (relative to the dataset), or to owner/name with --repos DIR`,
  );
}

function isGitRepository(dir: string): boolean {
  return (
    existsSync(dir) &&
    statSync(dir).isDirectory() &&
    (existsSync(join(dir, '.git')) || (existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects'))))
  );
}

function readRecord(value: unknown, where: string, position: number): BenchRecord {
  if (!isObject(value)) throw new BenchInputError(`${where}: a record must be a JSON object`);
  const id = value.instance_id === undefined ? `record-${position}` : value.instance_id;
  if (typeof id !== 'string' || !INSTANCE_ID.test(id))
    throw new BenchInputError(
      `${where}: instance_id must be letters, digits, ".", "_" or "-" (at most 128), e.g. "owner__repo-123"`,
    );
  const baseCommit = requiredString(value, 'base_commit', where);
  if (!COMMIT.test(baseCommit))
    throw new BenchInputError(`${where}: base_commit must be a commit hash (7 to 64 hex digits)`);
  const good = value.good_patch ?? value.patch;
  const failToPass = testList(value, 'FAIL_TO_PASS', where);
  const passToPass = testList(value, 'PASS_TO_PASS', where);
  if (failToPass.length + passToPass.length === 0)
    throw new BenchInputError(
      `${where}: FAIL_TO_PASS and PASS_TO_PASS are both empty: there is nothing to check`,
    );
  return {
    instanceId: id,
    repo: requiredString(value, 'repo', where),
    baseCommit,
    problemStatement: requiredString(value, 'problem_statement', where),
    goodPatch: optionalString(good, value.good_patch !== undefined ? 'good_patch' : 'patch', where),
    badPatch: optionalString(value.bad_patch, 'bad_patch', where),
    testPatch: optionalString(value.test_patch, 'test_patch', where),
    failToPass,
    passToPass,
    testCmd: optionalString(value.test_cmd, 'test_cmd', where),
    setup: optionalString(value.setup, 'setup', where),
    where,
  };
}

/** A test list: an array of strings, or (SWE-bench) a string holding one as JSON. */
function testList(record: Record<string, unknown>, field: string, where: string): string[] {
  let value = record[field];
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new BenchInputError(`${where}: ${field} is a string but not a JSON array of test names`);
    }
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.trim() !== ''))
    throw new BenchInputError(`${where}: ${field} must be a list of test names (or a JSON string of one)`);
  return value as string[];
}

function requiredString(record: Record<string, unknown>, field: string, where: string): string {
  const value = record[field];
  if (typeof value !== 'string' || value.trim() === '')
    throw new BenchInputError(`${where}: ${field} is missing or empty`);
  return value;
}

function optionalString(value: unknown, field: string, where: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new BenchInputError(`${where}: ${field} must be a string`);
  return value;
}

/** JSON Lines, or a file that is one JSON array; each item with where it was read. */
function jsonItems(text: string, file: string): { value: unknown; where: string }[] {
  if (text.trimStart().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BenchInputError(`${file}: starts with "[" but is not a JSON array`);
    }
    if (!Array.isArray(parsed)) throw new BenchInputError(`${file}: not a JSON array`);
    return parsed.map((value, index) => ({ value, where: `${file}: item ${index + 1}` }));
  }
  const items: { value: unknown; where: string }[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const where = `${file}:${index + 1}`;
    try {
      items.push({ value: JSON.parse(line), where });
    } catch {
      // Never quote the line: it may be long, and it is someone else's data.
      throw new BenchInputError(`${where}: not a JSON object (JSON Lines: one record per line)`);
    }
  }
  return items;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
