import { resolve } from 'node:path';
import {
  findPlaybookFiles,
  importPlaybooks,
  MemoryError,
  type ParsedPlaybook,
  parsePlaybook,
  playbookItems,
} from '../../core/memory/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, groupHelp, printHelp, wantsGroupHelp } from '../io.js';
import { cliSigner, MEMORY_PLACE_HELP, MEMORY_PLACE_OPTIONS, openMemoryPlace } from '../memory-io.js';
import { didYouMean, UsageError } from '../usage-error.js';
import { approve, type Family, listEntries, promote, revoke, showEntry } from './memory.js';
import { EVAL_PROMOTE_HELP } from './memory-eval.js';

export const PLAYBOOK_HELP = `Usage: truss playbook <command> [options]

Playbooks (docs/memory.md "Playbooks"): team procedures as governed memory. An imported playbook is
an unverified draft; only a signed promotion makes it verified, and a contract recalls verified
playbooks only when it opts in ([memory] playbooks = true).

Commands:
  import PATH                 .truss/playbooks/*.md, a SKILL.md, or a directory of them → unverified
                              playbook entries (one signed playbook_imported entry)
  list                        playbooks (verified and unverified; --verified-only, --all)
  show ID|KEY                 one playbook and its provenance
  promote ID|KEY              panel review (or --maintainer --reason TEXT, or --eval CONTRACT: promote
                              only if a paired eval passes more often with the playbook recalled)
  revoke ID|KEY --reason TEXT the playbook becomes stale, with a signed reason
  approve ID|KEY --reason TEXT --ledger-branch B --repo O/R
                              your signed approval of promoting it, for the promotion job on GitHub

Options:
${MEMORY_PLACE_HELP}
  --name KEY                  (import, one file) the entry's key (default: the front matter's name or the file name)
  --dry-run                   (import, promote, revoke) show what would be signed; write nothing
${EVAL_PROMOTE_HELP}
  (promote, revoke, approve and list take the options of \`truss memory promote|revoke|approve|list\`,
  --ledger-branch and --repo among them)

Examples:
  truss playbook import examples/playbooks/release-notes/SKILL.md
  truss playbook list
  truss playbook promote release-notes --maintainer --reason "used on three releases"

Exit codes: 0 ok, 1 a promotion the panel (or the eval) did not pass, 3 bad input (unknown entry, a
bad playbook, a transition the tier does not allow), 64 usage`;

export const LESSON_HELP = `Usage: truss lesson list [options]

Lessons extracted from run verdicts ([memory] lessons = "on") or proposed by agents: unverified
until a signed promotion (\`truss memory promote ID\`); only verified lessons are recalled.

Options:
${MEMORY_PLACE_HELP}
  --verified-only   only lessons whose signed verdict checks
  --all             also rejected, stale and superseded lessons
  --query TEXT      key or body contains TEXT

Examples:
  truss lesson list
  truss lesson list --verified-only --query newline --json

Exit codes: 0 ok, 3 bad input, 64 usage`;

const PLAYBOOK: Family = { name: 'playbook', help: PLAYBOOK_HELP, kind: 'playbook' };
const LESSON: Family = { name: 'lesson', help: LESSON_HELP, kind: 'lesson' };

export async function playbook(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  if (wantsGroupHelp(command)) return groupHelp(io, command, PLAYBOOK_HELP);
  switch (command) {
    case 'import':
      return importCommand(rest, io);
    case 'list':
      return listEntries(rest, io, PLAYBOOK);
    case 'show':
      return showEntry(rest, io, PLAYBOOK);
    case 'promote':
      return promote(rest, io, PLAYBOOK);
    case 'revoke':
      return revoke(rest, io, PLAYBOOK);
    case 'approve':
      return approve(rest, io, PLAYBOOK);
    default:
      throw new UsageError(
        `playbook: unknown command "${command}"${didYouMean(String(command), ['import', 'list', 'show', 'promote', 'revoke', 'approve'])}; use import, list, show, promote, revoke or approve`,
      );
  }
}

export function lesson(args: string[], io: CliIo): number {
  const [command, ...rest] = args;
  if (wantsGroupHelp(command)) return groupHelp(io, command, LESSON_HELP);
  if (command !== 'list')
    throw new UsageError(
      `lesson: unknown command "${command}"; use list (promote with truss memory promote)`,
    );
  return listEntries(rest, io, LESSON);
}

function importCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('playbook import', args, {
    ...MEMORY_PLACE_OPTIONS,
    name: { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  if (values.help) return printHelp(io, PLAYBOOK_HELP);
  const [path] = requirePositionals('playbook import', positionals, ['PATH']) as [string];
  const files = findPlaybookFiles(resolve(io.cwd, path));
  if (values.name && files.length > 1)
    throw new UsageError(`playbook import: --name names one playbook, and ${path} holds ${files.length}`);
  const playbooks: ParsedPlaybook[] = files.map((file) =>
    parsePlaybook(file, { cwd: io.cwd, key: values.name }),
  );
  const keys = playbooks.map((p) => p.key);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice)
    throw new MemoryError(
      'bad_playbook',
      `two playbooks are named ${twice}; import them one by one with --name`,
    );
  if (values['dry-run']) {
    const items = playbookItems(playbooks);
    emit(io, Boolean(values.json), { dry_run: true, kind: 'playbook_imported', entries: items }, () =>
      items
        .map(
          (item) =>
            `dry run: would import ${item.path} as playbook ${item.key} (${item.memory_id.slice(0, 12)}), unverified`,
        )
        .join('\n'),
    );
    return EXIT.ok;
  }
  const place = openMemoryPlace(io, values, { write: true });
  try {
    const imported = importPlaybooks(cliSigner(io, place, values.key), playbooks);
    emit(
      io,
      Boolean(values.json),
      { session_id: imported.sessionId, entries: imported.items, created: imported.ingest.created },
      () =>
        [
          ...imported.items.map(
            (item) =>
              `${imported.ingest.created.includes(item.memory_id) ? 'imported' : 'already stored'} ${item.path} → playbook ${item.key} (${item.memory_id.slice(0, 12)}, unverified)`,
          ),
          `signed in session ${imported.sessionId}; promote with \`truss playbook promote KEY\``,
        ].join('\n'),
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}
