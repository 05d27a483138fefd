import { resolve } from 'node:path';
import { writeFileAtomic } from '../../core/atomic-write.js';
import { readTomlSource, workdirConfig } from '../../core/contract/index.js';
import { readInputText } from '../../core/input-file.js';
import { createNodeCrypto, exportBundle } from '../../core/ledger/index.js';
import {
  findEntry,
  MEMORY_KINDS,
  type MemoryEntry,
  MemoryError,
  type MemoryKind,
  maintainerPromotionWarning,
  promoteEntry,
  promotionPanel,
  proposedItem,
  revokeEntry,
  signProposals,
  supersededBy,
} from '../../core/memory/index.js';
import { secretRedactor } from '../../core/process/index.js';
import { cannotRead } from '../../core/read-failure.js';
import { GITHUB_CONTRACT_FORMAT } from '../../github/settings.js';
import { choiceFlag, oneOf, parseCommandArgs, requirePositionals } from '../args.js';
import { PROVIDER_FLAG } from '../choice-flags.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, groupHelp, printHelp, wantsGroupHelp } from '../io.js';
import {
  cliSigner,
  decisionLines,
  decisionsOf,
  entryDetail,
  entryJson,
  entryLine,
  MEMORY_PLACE_HELP,
  MEMORY_PLACE_OPTIONS,
  memoryDbExists,
  openMemoryPlace,
} from '../memory-io.js';
import { checkOutputPath } from '../output-path.js';
import { runKeySecrets } from '../run-output.js';
import { didYouMean, UsageError } from '../usage-error.js';
import { EVAL_PROMOTE_HELP, promoteByEval } from './memory-eval.js';
import { BRANCH_DECIDE_HELP, decideOnBranch, onLedgerBranch } from './memory-on-branch.js';

export const MEMORY_HELP = `Usage: truss memory <command> [options]

Governed memory (docs/memory.md): lessons, facts, decisions and playbooks with trust tiers and
signed provenance. Every write enters unverified; only a signed memory_verdict (a reviewer panel,
or a maintainer's decision) makes an entry verified, and only verified entries are recalled.

Commands:
  list                              entries (verified and unverified; --all for every tier)
  show ID|KEY                       one entry: provenance, decisions, whether its verdict checks
  propose KIND KEY (BODY | --file F) sign a proposal: an unverified entry
  promote ID|KEY                    panel review against its provenance (or --maintainer --reason)
  revoke ID|KEY --reason TEXT       a verified entry becomes stale, with a signed reason
  approve ID|KEY --reason TEXT --ledger-branch B --repo O/R
                                    sign your approval of promoting an entry of the ledger branch, for
                                    the promotion job (memory-approval on GitHub)
  export [-o FILE]                  every entry, its decisions and their signed sessions (JSON)

Options:
${MEMORY_PLACE_HELP}
  --kind KIND            (list) only this kind: ${MEMORY_KINDS.join(', ')}
  --name KEY             (list) only entries with this key
  --query TEXT           (list) key or body contains TEXT
  --verified-only        (list) only entries whose signed verdict checks
  --all                  (list) also rejected, stale and superseded entries
  --file FILE            (propose) read the body from FILE
  --salience N           (propose) 0..1 (default 0.5)
  --maintainer           (promote) decide yourself, without the panel (needs --reason)
  --reason TEXT          (promote --maintainer, revoke, approve) why, signed into the decision
  --reviewers N --provider KIND --model M --base-url URL
                         (promote) the panel, as for truss run (default: .truss/config.toml)
  --dry-run              (propose, promote, revoke, approve) show what would be signed; write nothing
  -o, --output FILE      (export) write the export to FILE instead of stdout
${EVAL_PROMOTE_HELP}
${BRANCH_DECIDE_HELP}

Examples:
  truss memory list --verified-only
  truss memory propose fact build-command "npm run build writes dist/"
  truss memory promote greeting-newline --maintainer --reason "seen failing twice"
  truss memory export -o memory.json

Exit codes: 0 ok, 1 a promotion the panel (or the eval) did not pass, 3 bad input (unknown entry, a transition
the tier does not allow, no panel), 64 usage`;

const LIST_OPTIONS = {
  ...MEMORY_PLACE_OPTIONS,
  kind: choiceFlag(MEMORY_KINDS),
  name: { type: 'string' },
  query: { type: 'string' },
  'verified-only': { type: 'boolean' },
  all: { type: 'boolean' },
  limit: { type: 'string' },
} as const;

const DECIDE_OPTIONS = {
  ...MEMORY_PLACE_OPTIONS,
  maintainer: { type: 'boolean' },
  reason: { type: 'string' },
  reviewers: { type: 'string' },
  provider: PROVIDER_FLAG,
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

export async function memory(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  if (wantsGroupHelp(command)) return groupHelp(io, command, MEMORY_HELP);
  const run = Object.hasOwn(MEMORY_COMMANDS, command) ? MEMORY_COMMANDS[command] : undefined;
  if (!run)
    throw new UsageError(
      `memory: unknown command "${command}"${didYouMean(String(command), Object.keys(MEMORY_COMMANDS))}; use ${Object.keys(MEMORY_COMMANDS).join(', ')}`,
    );
  return run(rest, io, { name: 'memory', help: MEMORY_HELP });
}

/** Which command family runs a subcommand: `memory`, or `lesson`/`playbook` with their kind fixed. */
export interface Family {
  name: string;
  help: string;
  kind?: MemoryKind;
}

type Subcommand = (args: string[], io: CliIo, family: Family) => number | Promise<number>;

export const MEMORY_COMMANDS: Record<string, Subcommand> = {
  list: listEntries,
  show: showEntry,
  propose: proposeEntry,
  promote: promote,
  revoke: revoke,
  approve: approve,
  export: exportMemory,
};

/** `approve`: only on a ledger branch, where a promotion job names the approval (docs/memory.md "On GitHub"). */
export function approve(args: string[], io: CliIo, family: Family): Promise<number> | number {
  if (args.includes('--help') || args.includes('-h')) return printHelp(io, family.help);
  if (!onLedgerBranch(args))
    throw new UsageError(
      `${family.name} approve: approvals are for promotion jobs on GitHub; give --ledger-branch BRANCH --repo OWNER/NAME (locally, promote with --maintainer --reason)`,
    );
  return decideOnBranch(args, io, family, 'approve');
}

export function listEntries(args: string[], io: CliIo, family: Family): number {
  const { values, positionals } = parseCommandArgs(`${family.name} list`, args, LIST_OPTIONS);
  if (values.help) return printHelp(io, family.help);
  requirePositionals(`${family.name} list`, positionals, []);
  const kind = family.kind ?? kindOf(values.kind, `${family.name} list`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new UsageError(`${family.name} list: --limit must be a positive integer`);
  if (!memoryDbExists(io, values)) {
    emit(
      io,
      Boolean(values.json),
      { trusted_keys: null, entries: [] },
      () => `no ${family.kind ?? 'memory'} entries yet (no ledger database)`,
    );
    return EXIT.ok;
  }
  const place = openMemoryPlace(io, values, { write: false });
  try {
    const rows = place.memory.list({
      kind,
      key: values.name,
      contains: values.query,
      trust: values.all ? undefined : values['verified-only'] ? ['verified'] : ['verified', 'unverified'],
      includeSuperseded: Boolean(values.all),
    });
    const ignored = rows.filter((e) => e.trust === 'verified' && place.view.problemOf(e) !== null);
    const shown = rows
      .filter((e) => !(values['verified-only'] && ignored.includes(e)))
      .slice(0, limit ?? rows.length);
    for (const entry of ignored) {
      io.stderr(
        `warning: ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) claims verified but is ignored: ${place.view.problemOf(entry)}\n`,
      );
    }
    emit(
      io,
      Boolean(values.json),
      { trusted_keys: place.trustedFrom, entries: shown.map((e) => entryJson(e, place.view)) },
      () =>
        shown.length === 0
          ? `no ${family.kind ?? 'memory'} entries${values['verified-only'] ? ' verified' : ''} in ${place.dbPath}`
          : shown.map((e) => entryLine(e, place.view)).join('\n'),
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}

export function showEntry(args: string[], io: CliIo, family: Family): number {
  const { values, positionals } = parseCommandArgs(`${family.name} show`, args, MEMORY_PLACE_OPTIONS);
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(`${family.name} show`, positionals, ['ID|KEY']) as [string];
  const place = openMemoryPlace(io, values, { write: false });
  try {
    const entry = findEntry(place.memory, ref, family.kind);
    emit(
      io,
      Boolean(values.json),
      { ...entryJson(entry, place.view), decisions: decisionsOf(entry, place) },
      () => entryDetail(entry, place),
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}

function proposeEntry(args: string[], io: CliIo, family: Family): number {
  const { values, positionals } = parseCommandArgs(`${family.name} propose`, args, {
    ...MEMORY_PLACE_OPTIONS,
    file: { type: 'string' },
    salience: { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  if (values.help) return printHelp(io, family.help);
  if (positionals.length < 2 || positionals.length > 3)
    throw new UsageError(`${family.name} propose: expected KIND KEY [BODY] (or --file FILE for the body)`);
  const [kindText, key, inline] = positionals as [string, string, string | undefined];
  const kind = kindOf(kindText, `${family.name} propose`) as MemoryKind;
  if (kind === 'playbook')
    throw new UsageError('memory propose: import playbooks with `truss playbook import PATH`');
  if ((inline === undefined) === (values.file === undefined))
    throw new UsageError(`${family.name} propose: give the body as BODY or --file FILE (one of them)`);
  const body = values.file ? readBodyFile(resolve(io.cwd, values.file)) : (inline as string);
  const salience = values.salience === undefined ? 0.5 : Number(values.salience);
  // Number('') is 0: an empty value is no number either.
  if (values.salience?.trim() === '' || !(salience >= 0 && salience <= 1))
    throw new UsageError(
      `${family.name} propose: --salience must be a number from 0 to 1 (got ${JSON.stringify(values.salience)})`,
    );
  const redact = secretRedactor(io.env, runKeySecrets(values.key, io));
  const item = proposedItem({ kind, key, body: redact(body), salience });
  if (values['dry-run']) {
    emit(
      io,
      Boolean(values.json),
      { dry_run: true, kind: 'memory_proposed', entries: [item] },
      () => `dry run: would sign a proposal of ${kind} ${key} (${item.memory_id.slice(0, 12)}), unverified`,
    );
    return EXIT.ok;
  }
  const place = openMemoryPlace(io, values, { write: true });
  try {
    const signed = signProposals(cliSigner(io, place, values.key), {
      kind: 'memory_proposed',
      via: 'cli',
      items: [item],
    });
    const entry = place.memory.get(item.memory_id) as MemoryEntry;
    emit(
      io,
      Boolean(values.json),
      { session_id: signed.sessionId, created: signed.ingest.created.length > 0, entry },
      () =>
        `${signed.ingest.created.length > 0 ? 'proposed' : 'already stored'} ${kind} ${key} ${entry.id.slice(0, 12)} (${entry.trust}); promote it with \`truss memory promote ${entry.id.slice(0, 12)}\``,
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}

export async function promote(args: string[], io: CliIo, family: Family): Promise<number> {
  if (onLedgerBranch(args)) return decideOnBranch(args, io, family, 'promote');
  if (args.some((arg) => arg === '--eval' || arg.startsWith('--eval='))) {
    if (args.includes('--maintainer'))
      throw new UsageError(
        `${family.name} promote: --eval and --maintainer are two ways to decide; give one`,
      );
    return promoteByEval(args, io, family);
  }
  const { values, positionals } = parseCommandArgs(`${family.name} promote`, args, DECIDE_OPTIONS);
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(`${family.name} promote`, positionals, ['ID|KEY']) as [string];
  if (values.maintainer && !values.reason?.trim())
    throw new UsageError(
      `${family.name} promote --maintainer: --reason is required (it is signed into the decision)`,
    );
  const dryRun = Boolean(values['dry-run']);
  const place = openMemoryPlace(io, values, { write: !dryRun });
  try {
    const entry = findEntry(place.memory, ref, family.kind);
    const panel = values.maintainer ? null : await panelFor(io, place.workdir, values);
    if (panel && 'unavailable' in panel)
      throw new UsageError(
        `${family.name} promote: ${panel.unavailable}; or decide as a maintainer with --maintainer --reason TEXT`,
      );
    if (dryRun) {
      const preview = {
        dry_run: true,
        memory_id: entry.id,
        trust: entry.trust,
        method: values.maintainer ? 'maintainer' : 'panel',
        seats: panel && 'seats' in panel ? panel.seats.length : 0,
        supersedes: supersededBy(place.memory, entry),
      };
      emit(
        io,
        Boolean(values.json),
        preview,
        () =>
          `dry run: would ${preview.method === 'panel' ? `ask ${preview.seats} seats to review` : 'sign a maintainer promotion of'} ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}, ${entry.trust})${preview.supersedes.length ? `, superseding ${preview.supersedes.length}` : ''}`,
      );
      return EXIT.ok;
    }
    const redact = secretRedactor(io.env, runKeySecrets(values.key, io));
    const warning = values.maintainer ? maintainerPromotionWarning(entry) : null;
    if (warning) io.stderr(`${warning}\n`);
    const result = await promoteEntry(
      cliSigner(io, place, values.key),
      entry,
      panel && 'seats' in panel
        ? { method: 'panel', seats: panel.seats, redact }
        : { method: 'maintainer', reason: values.reason as string },
    );
    emit(io, Boolean(values.json), result, () => decisionLines(entry, result).join('\n'));
    return result.payload.decision === 'promote' ? EXIT.ok : EXIT.failed;
  } finally {
    place.close();
  }
}

export async function revoke(args: string[], io: CliIo, family: Family): Promise<number> {
  if (onLedgerBranch(args)) return decideOnBranch(args, io, family, 'revoke');
  const { values, positionals } = parseCommandArgs(`${family.name} revoke`, args, DECIDE_OPTIONS);
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(`${family.name} revoke`, positionals, ['ID|KEY']) as [string];
  if (!values.reason?.trim())
    throw new UsageError(`${family.name} revoke: --reason is required (it is signed into the decision)`);
  const dryRun = Boolean(values['dry-run']);
  const place = openMemoryPlace(io, values, { write: !dryRun });
  try {
    const entry = findEntry(place.memory, ref, family.kind);
    if (dryRun) {
      emit(
        io,
        Boolean(values.json),
        { dry_run: true, memory_id: entry.id, trust: entry.trust, reason: values.reason },
        () =>
          `dry run: would sign the revocation of ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}, ${entry.trust}): ${values.reason}`,
      );
      return EXIT.ok;
    }
    const result = await revokeEntry(cliSigner(io, place, values.key), entry, values.reason);
    emit(
      io,
      Boolean(values.json),
      result,
      () =>
        `revoked ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}): now ${result.entry.trust}; signed memory_verdict ${result.ref.session}#${result.ref.seq}`,
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}

/**
 * `truss memory export`: every entry (all tiers), its decisions, and the signed sessions behind
 * them as bundles — what a branch-backed store holds, verifiable without this database.
 */
function exportMemory(args: string[], io: CliIo, family: Family): number {
  const { values, positionals } = parseCommandArgs(`${family.name} export`, args, {
    ...MEMORY_PLACE_OPTIONS,
    output: { type: 'string', short: 'o' },
  });
  if (values.help) return printHelp(io, family.help);
  requirePositionals(`${family.name} export`, positionals, []);
  const output = values.output ? resolve(io.cwd, values.output) : null;
  if (output) checkOutputPath(output, '--output', { workdir: io.cwd, flag: '--output' });
  const place = openMemoryPlace(io, values, { write: false });
  try {
    const entries = place.memory.list({ includeSuperseded: true, kind: family.kind });
    const sessions = new Set<string>();
    const decisions = Object.fromEntries(
      entries.map((e) => {
        const records = place.memory.decisions(e.id);
        for (const ref of [e.provenance.produced_by, ...e.provenance.sources, ...records.map((r) => r.ref)])
          if (place.ledger.session(ref.session)) sessions.add(ref.session);
        return [e.id, records];
      }),
    );
    const crypto = createNodeCrypto();
    const text = `${JSON.stringify(
      {
        format: 'truss.memory.v1',
        entries: entries.map((e) => entryJson(e, place.view)),
        decisions,
        sessions: Object.fromEntries(
          [...sessions].sort().map((id) => [id, exportBundle(place.ledger, id, crypto)]),
        ),
      },
      null,
      2,
    )}\n`;
    if (output) {
      writeFileAtomic(output, text, { mode: 0o600 });
      io.stderr(`wrote ${entries.length} entries and ${sessions.size} sessions to ${output}\n`);
    } else io.stdout(text);
    return EXIT.ok;
  } finally {
    place.close();
  }
}

function panelFor(
  io: CliIo,
  workdir: string,
  values: {
    reviewers?: string | undefined;
    provider?: string | undefined;
    model?: string | undefined;
    'base-url'?: string | undefined;
  },
) {
  const reviewers = values.reviewers === undefined ? undefined : Number(values.reviewers);
  if (reviewers !== undefined && !(Number.isInteger(reviewers) && reviewers >= 1 && reviewers <= 15))
    throw new UsageError('promote: --reviewers must be an integer from 1 to 15');
  const configPath = workdirConfig(workdir);
  return promotionPanel({
    config: configPath ? readTomlSource(configPath) : undefined,
    format: GITHUB_CONTRACT_FORMAT,
    overrides: {
      ...(reviewers !== undefined ? { reviewers } : {}),
      ...(values.provider || values.model || values['base-url']
        ? { provider: { kind: values.provider, model: values.model, base_url: values['base-url'] } }
        : {}),
    },
    env: io.env,
    cwd: workdir,
    fallbackCwd: io.cwd,
  });
}

function kindOf(text: string | undefined, command: string): MemoryKind | undefined {
  if (text === undefined) return undefined;
  return oneOf(`${command}: KIND`, text, MEMORY_KINDS) as MemoryKind;
}

/** `--file FILE`'s text: a missing file, a FIFO nobody writes to or a device is refused (docs/cli.md "Input files"). */
function readBodyFile(path: string): string {
  try {
    return readInputText(path);
  } catch (error) {
    throw new MemoryError(
      'bad_entry',
      `${cannotRead(`--file ${path}`, error)}; pass a file holding the entry's body`,
    );
  }
}
