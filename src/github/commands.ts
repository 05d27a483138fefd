/**
 * `/truss ...` comment commands. Parsing is pure and total over comment bodies: any body yields a
 * command or null, never an exception. The trigger and the command word match case-insensitively. Everything after the trigger is data — an intent is kept verbatim and
 * never reaches a shell; contract names are checked against a strict pattern before they can name a
 * file.
 */

import { revealHidden } from '../core/verify/index.js';
import { inlineText } from './render/escape.js';
import { firstVisibleLine } from './visible-lines.js';

export type TrussCommand =
  /** `contract: null` means the repository's default contract(s). */
  | { kind: 'run'; contract: string | null; intent: string | null }
  /** `run failed`: the contracts whose last verdict on the head was FAIL or UNVERIFIABLE (failed-contracts.ts). */
  | { kind: 'run-failed' }
  | { kind: 'verify' }
  | { kind: 'status' }
  | { kind: 'help' }
  | { kind: 'approve'; note: string | null }
  | { kind: 'reject'; note: string | null }
  /** `memory promote ID` / `memory revoke ID [reason]` (docs/memory.md "Decisions"): maintainers only. */
  | { kind: 'memory'; action: 'promote' | 'revoke'; entry: string; reason: string | null }
  | { kind: 'unknown'; word: string }
  | { kind: 'invalid'; reason: string };

export const DEFAULT_TRIGGER = '/truss';

/** A contract name is one path segment: no slashes, no leading dot, at most 64 characters. */
export const CONTRACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Find the first line of `body` that starts with the trigger (leading whitespace allowed) and that a
 * reader sees as a plain line of text, and parse it. Only a command a reader sees as a command runs:
 * quoting or documenting a command never runs it, and neither does hiding it. Lines in quotes (and
 * the lines that lazily continue a quote), code blocks (fenced or indented), code spans, HTML
 * comments and other raw HTML, `<details>` (collapsed or not) and other hiding elements, tables,
 * headings, struck-out text, and lines inside a multi-line attribute value, link title, image alt
 * text or link reference definition are skipped (visible-lines.ts, inline-spans.ts). Returns null when the body holds no
 * such line.
 */
export function parseCommand(body: string, trigger = DEFAULT_TRIGGER): TrussCommand | null {
  if (trigger.trim() === '') throw new Error('the trigger phrase must not be empty');
  const triggerAt = new RegExp(`^\\s*${escapeRegExp(trigger.trim())}(?=\\s|$)`, 'i');
  const line = firstVisibleLine(body, (candidate) => triggerAt.test(candidate));
  if (line === null) return null;
  const rest = line.replace(triggerAt, '').trim();
  const command = parseCommandLine(rest);
  // HTML on the command line itself may hide part of it (`<!-- … -->`, a tag GitHub drops): what
  // would run is not what the reader sees. A command refused anyway keeps its own reason.
  if (command.kind !== 'invalid' && /<[A-Za-z/!?]/.test(rest))
    return {
      kind: 'invalid',
      reason:
        'the command line holds HTML (`<` followed by a letter, `/`, `!` or `?`), which GitHub does not show as written; write the command without it',
    };
  // So may characters GitHub shows as nothing or reorders (docs/app.md "Which lines are commands"):
  // Unicode tag characters carry text a reader never sees to the agent as intent (or into a signed
  // note), a bidi override shows it reversed, a zero-width character hides where it is.
  if (command.kind !== 'invalid' && revealHidden(rest).suspicious > 0)
    return {
      kind: 'invalid',
      reason:
        'the command line holds characters GitHub does not show as written (Unicode tag characters, bidi controls or zero-width characters), so what would run is not what a reader sees; write the command without them',
    };
  return command;
}

function parseCommandLine(rest: string): TrussCommand {
  if (rest === '') return { kind: 'help' };
  const first = rest.split(/\s/, 1)[0] ?? '';
  const word = first.toLowerCase();
  const tail = rest.slice(first.length).trim();
  switch (word) {
    case 'run':
      return parseRun(tail);
    case 'verify':
      return { kind: 'verify' };
    case 'status':
      return { kind: 'status' };
    case 'help':
      return { kind: 'help' };
    case 'approve':
      return { kind: 'approve', note: tail === '' ? null : tail };
    case 'reject':
      return { kind: 'reject', note: tail === '' ? null : tail };
    case 'memory':
      return parseMemory(tail);
    default:
      return { kind: 'unknown', word: first };
  }
}

/** `run`, `run NAME`, `run NAME -- intent`, `run -- intent`, `run failed`. */
function parseRun(args: string): TrussCommand {
  const separator = /^--(?:\s+|$)/;
  if (args === '') return { kind: 'run', contract: null, intent: null };
  // `failed` is a keyword here, never a contract name: it re-runs what failed, in the mode it failed in.
  if (/^failed(?:\s|$)/i.test(args)) {
    return args.slice('failed'.length).trim() === ''
      ? { kind: 'run-failed' }
      : {
          kind: 'invalid',
          reason:
            '`run failed` takes nothing after it: it re-runs the contracts whose last verdict on this head was FAIL or UNVERIFIABLE, each in the mode (run or verify) it failed in',
        };
  }
  if (separator.test(args))
    return { kind: 'run', contract: null, intent: intentOf(args.replace(separator, '')) };
  const name = args.split(/\s/, 1)[0] ?? '';
  const after = args.slice(name.length).trim();
  if (!CONTRACT_NAME.test(name)) {
    return {
      kind: 'invalid',
      reason: `"${inlineText(clip(name))}" is not a contract name: use letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)`,
    };
  }
  if (after === '') return { kind: 'run', contract: name, intent: null };
  if (separator.test(after))
    return { kind: 'run', contract: name, intent: intentOf(after.replace(separator, '')) };
  return {
    kind: 'invalid',
    reason: `unexpected text after the contract name "${name}"; put free-text intent after \`--\`, e.g. \`run ${name} -- <intent>\``,
  };
}

/** A memory entry as a command names it: its id (hex) or a prefix of at least 8 hex characters. */
export const MEMORY_ID = /^[0-9a-f]{8,64}$/;

/** `memory promote ID`, `memory revoke ID [reason]`; the id is checked before it names anything. */
function parseMemory(args: string): TrussCommand {
  const usage =
    'use `memory promote <id>` or `memory revoke <id> [reason]`, with the entry id (at least 8 hex characters) shown in the check run';
  const [verb = '', id = ''] = args.split(/\s+/, 2);
  const action = verb.toLowerCase();
  if (action !== 'promote' && action !== 'revoke') return { kind: 'invalid', reason: usage };
  const entry = id.toLowerCase();
  if (!MEMORY_ID.test(entry))
    return {
      kind: 'invalid',
      reason: `"${inlineText(clip(id))}" is not a memory entry id: ${usage}`,
    };
  const rest = args.slice(args.indexOf(id) + id.length).trim();
  if (action === 'promote' && rest !== '')
    return { kind: 'invalid', reason: '`memory promote <id>` takes nothing after the id' };
  return { kind: 'memory', action, entry, reason: rest === '' ? null : rest };
}

function intentOf(text: string): string | null {
  return text === '' ? null : text;
}

/** Keep an echoed user value short in a reason (it is shown back on the PR). */
function clip(value: string): string {
  return value.length > 70 ? `${value.slice(0, 67)}...` : value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The markdown reply to `help` (and to an unknown or invalid command), listing every command. */
export function helpText(trigger = DEFAULT_TRIGGER): string {
  const t = trigger;
  return [
    '**Truss commands** (comment on a pull request; only users with write access can trigger runs)',
    '',
    '| Command | What it does |',
    '| --- | --- |',
    `| \`${t} run\` | Run the default contract(s) against this pull request |`,
    `| \`${t} run <contract>\` | Run one contract from \`.truss/contracts/<contract>.toml\` on the base branch |`,
    `| \`${t} run [<contract>] -- <intent>\` | Run with a free-text intent (passed as data, never to a shell) |`,
    `| \`${t} run failed\` | Re-run only the contracts whose last verdict on this head was FAIL or UNVERIFIABLE |`,
    `| \`${t} verify\` | Re-verify the latest run's signed ledger |`,
    `| \`${t} status\` | Show the latest verdict for each contract |`,
    `| \`${t} approve [note]\` | Record a signed human approval of the current verdict |`,
    `| \`${t} reject [note]\` | Record a signed human rejection |`,
    `| \`${t} memory promote <id>\` | Maintainers: have the panel review a proposed memory entry for promotion (docs/memory.md) |`,
    `| \`${t} memory revoke <id> [reason]\` | Maintainers: mark a verified memory entry stale, with a signed reason |`,
    `| \`${t} help\` | Show this list |`,
    '',
    'The command must start a line of plain text; quoted, code, hidden (HTML comments) and collapsed (`<details>`) text is ignored.',
  ].join('\n');
}
