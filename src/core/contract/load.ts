import { statSync } from 'node:fs';
import { parse, TomlError } from 'smol-toml';
import type { z } from 'zod';
import { readInputBytes } from '../input-file.js';
import { NotAFileError } from '../read-failure.js';
import { ContractError, type ContractIssue } from './errors.js';
import { compareIssues, type PathIssue, placeIssues, validate } from './issues.js';
import { CORE_CONTRACT_FORMAT, type ConfigFile, type ContractFile, type ContractFormat } from './schema.js';
import { pathKey, type TomlPath, TomlPositions } from './toml-positions.js';

/** Contracts and configs are small; anything bigger is a mistake (or an attack on the parser). */
export const MAX_TOML_BYTES = 1024 * 1024;

/** TOML text together with the name used for it in error messages. */
export interface TomlSource {
  file: string;
  text: string;
}

/** A parsed TOML document that can place data paths back in its source. */
export interface TomlDocument extends TomlSource {
  data: Record<string, unknown>;
  positions: TomlPositions;
}

/** Reads a TOML file as UTF-8 (a leading BOM is dropped); I/O problems become `ContractError`. */
export function readTomlSource(path: string): TomlSource {
  let bytes: Buffer;
  try {
    const info = statSync(path);
    if (info.isDirectory()) throw unreadable(path, 'is a directory, expected a .toml file');
    if (info.size > MAX_TOML_BYTES) throw unreadable(path, `is larger than ${MAX_TOML_BYTES} bytes`);
    // Not readFileSync: a FIFO (or a link to one) would wait for ever and /dev/zero fill memory
    // (docs/cli.md "Input files").
    bytes = readInputBytes(path, MAX_TOML_BYTES);
  } catch (error) {
    if (error instanceof ContractError) throw error;
    if (error instanceof NotAFileError) throw unreadable(path, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ContractError([issueAt(path, 'file not found')], 'not_found');
    throw unreadable(path, `cannot be read (${code ?? (error as Error).message})`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unreadable(path, notUtf8(bytes));
  }
  return { file: path, text: text.startsWith('\uFEFF') ? text.slice(1) : text };
}

/**
 * Why a contract file is not UTF-8, with where and what to do: a UTF-16 file (what Windows editors
 * and PowerShell's `>` write) is named as such; otherwise the line:col of the first bad byte (say,
 * a Latin-1 "é"). TOML files are UTF-8 (docs/contracts.md).
 */
function notUtf8(bytes: Buffer): string {
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    (bytes.length >= 4 && ((bytes[1] === 0 && bytes[3] === 0) || (bytes[0] === 0 && bytes[2] === 0)));
  if (utf16) return 'is UTF-16 text; save it as UTF-8 (TOML files are UTF-8)';
  const text = new TextDecoder('utf-8').decode(bytes);
  const at = text.indexOf('\uFFFD');
  const before = text.slice(0, Math.max(at, 0));
  const line = before.split('\n').length;
  const col = before.length - before.lastIndexOf('\n');
  return `is not valid UTF-8 (a byte at ${line}:${col} is not); save it as UTF-8`;
}

/** Parses TOML; a syntax error becomes a `ContractError` at smol-toml's line and column. */
export function parseTomlDocument(source: TomlSource): TomlDocument {
  let data: Record<string, unknown>;
  try {
    data = parse(source.text, { integersAsBigInt: 'asNeeded', unsafeKeyBehaviour: 'throw' }) as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // Only the first line: smol-toml appends a code excerpt, which could show a pasted secret.
    const detail = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document:\s*/, '');
    const message = `TOML syntax error: ${detail}${syntaxHint(detail, source.text, error.line, error.column)}`;
    throw new ContractError(
      [{ file: source.file, line: error.line, col: error.column, path: '', message }],
      'toml_syntax',
    );
  }
  return { ...source, data, positions: new TomlPositions(source.text) };
}

/**
 * Checks a parsed document against a schema and returns its positioned issues, sorted (empty when
 * valid), so callers that combine layers can report every file's problems at once. Issues at `skip`
 * paths are dropped (e.g. `contract.intent` when the intent comes from the command line).
 */
export function checkTomlDocument(
  doc: TomlDocument,
  schema: z.ZodType,
  skip: readonly TomlPath[] = [],
): ContractIssue[] {
  const result = validate(schema, doc.data);
  if (result.ok) return [];
  const skipped = new Set(skip.map(pathKey));
  const kept: PathIssue[] = result.issues.filter((issue) => !skipped.has(pathKey(issue.path)));
  return placeIssues(kept, doc.file, doc.positions).sort(compareIssues);
}

function parseAndValidate<T extends z.ZodType>(source: TomlSource, schema: T): z.output<T> {
  const doc = parseTomlDocument(source);
  const result = validate(schema, doc.data);
  if (!result.ok)
    throw new ContractError(placeIssues(result.issues, doc.file, doc.positions).sort(compareIssues));
  return result.value;
}

/**
 * Parses contract TOML text (e.g. fetched through the GitHub API); `file` names it in errors.
 * `format` adds a host's keys (default: core's alone); the result holds them beside core's.
 */
export function parseContractToml(
  text: string,
  file: string,
  format: ContractFormat = CORE_CONTRACT_FORMAT,
): ContractFile {
  return parseAndValidate({ file, text }, format.contract) as ContractFile;
}

/** Parses `.truss/config.toml` text; `file` names it in errors. */
export function parseConfigToml(
  text: string,
  file: string,
  format: ContractFormat = CORE_CONTRACT_FORMAT,
): ConfigFile {
  return parseAndValidate({ file, text }, format.config) as ConfigFile;
}

/** Reads and validates one contract file on its own (no config layering, no flags). */
export function loadContractFile(path: string, format: ContractFormat = CORE_CONTRACT_FORMAT): ContractFile {
  return parseAndValidate(readTomlSource(path), format.contract) as ContractFile;
}

/** What to do about the syntax errors people actually make. */
function syntaxHint(detail: string, text: string, line: number, col: number): string {
  const char = text.split('\n')[line - 1]?.[col - 1];
  if (
    detail.startsWith('control characters are not allowed in strings') &&
    (char === undefined || char === '\r')
  ) {
    return '; the string is not closed on this line (add the closing quote, or use """ for multi-line text)';
  }
  if (detail.startsWith('unfinished string')) return '; add the closing quote';
  if (detail.startsWith('invalid value')) return '; text values must be quoted, e.g. key = "text"';
  if (detail.startsWith('document contains an unsafe property')) {
    return '; keys named __proto__ or constructor are not allowed';
  }
  if (detail.startsWith('trying to redefine')) {
    return '; each key and [table] may appear only once (use [[name]] for a repeated table)';
  }
  return '';
}

function issueAt(file: string, message: string): ContractIssue {
  return { file, line: 0, col: 0, path: '', message };
}

function unreadable(file: string, message: string): ContractError {
  return new ContractError([issueAt(file, message)], 'unreadable');
}
