import { isPinned, type LedgerStore } from '../../core/ledger/index.js';
import {
  type DecisionSigner,
  findEntry,
  type MemoryEntry,
  MemoryError,
  maintainerPromotionWarning,
  promoteEntry,
  type RunMemory,
  revokeEntry,
  type SignedDecisionResult,
} from '../../core/memory/index.js';
import { decideFromEval, evalPromotionArms, refuseTrial } from '../../core/run/index.js';
import type { Logger } from '../../github/logger.js';
import { approveOnMemoryBranch, decideOnMemoryBranch, readMemoryBranch } from '../../github/memory-branch.js';
import { runMemoryFromBranch } from '../../github/memory-runs.js';
import { defaultBranchTrustedKeys } from '../../github/repo-trusted-keys.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { ISOLATION_FLAG } from '../choice-flags.js';
import { EXIT } from '../exit-codes.js';
import { cliOctokit, repositoryOf } from '../github-access.js';
import { type CliIo, emit, printHelp } from '../io.js';
import { cliSigner, MEMORY_PLACE_OPTIONS, openMemoryPlace } from '../memory-io.js';
import { resolveRunKey } from '../run-output.js';
import { UsageError } from '../usage-error.js';
import { type EvalPlaceValues, formatEval, launchEval } from './eval.js';
import type { Family } from './memory.js';

/** The flags that decide memory on a ledger branch (docs/memory.md "On GitHub"). */
export const BRANCH_DECIDE_HELP = `  --ledger-branch BRANCH (promote --maintainer|--eval, approve, revoke) decide memory on the ledger branch of
                         --repo through the GitHub API (token: GITHUB_TOKEN or GH_TOKEN), signed with
                         your key; runs count it only if .truss/trusted-keys on the default branch pins
                         that key (signer for a decision, reviewer for an approval)
  --repo OWNER/NAME      (with --ledger-branch) the repository (default: GITHUB_REPOSITORY); promote
                         --eval CONTRACT --ledger-branch B runs the paired eval here, recalling from the
                         branch, and commits the eval's bundle beside the decision`;

const OPTIONS = {
  ...MEMORY_PLACE_OPTIONS,
  'ledger-branch': { type: 'string' },
  repo: { type: 'string' },
  maintainer: { type: 'boolean' },
  reason: { type: 'string' },
  'dry-run': { type: 'boolean' },
  eval: { type: 'string' },
  repeats: { type: 'string' },
  isolation: ISOLATION_FLAG,
  output: { type: 'string', short: 'o' },
} as const;

type BranchAction = 'promote' | 'revoke' | 'approve';

/** True when a memory command is asked to work on a ledger branch instead of the local database. */
export function onLedgerBranch(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--ledger-branch' || arg.startsWith('--ledger-branch='));
}

/**
 * `truss memory promote|revoke|approve ID --ledger-branch B --repo O/R`: a maintainer's own decision
 * (or approval) about an entry of the ledger branch's `memory/` log, signed with their key in the
 * local ledger and committed to the branch with the parent pinned (decideOnMemoryBranch,
 * approveOnMemoryBranch). Reports whether the default branch's `.truss/trusted-keys` pins the key
 * for the role that makes runs count it: without that pin the commit lands but every run ignores it.
 */
export async function decideOnBranch(
  args: string[],
  io: CliIo,
  family: Family,
  action: BranchAction,
): Promise<number> {
  const command = `${family.name} ${action}`;
  const { values, positionals } = parseCommandArgs(command, args, OPTIONS);
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(command, positionals, ['ID|KEY']) as [string];
  const reason = values.reason?.trim() ?? '';
  const byEval = action === 'promote' && values.eval !== undefined;
  if (byEval && values.maintainer)
    throw new UsageError(`${command}: --eval and --maintainer are two ways to decide; give one`);
  if (!reason && !byEval)
    throw new UsageError(`${command}: --reason is required (it is signed into the decision)`);
  if (action === 'promote' && !values.maintainer && !byEval)
    throw new UsageError(
      `${command} --ledger-branch: decide as a maintainer (--maintainer --reason TEXT) or by a paired eval (--eval CONTRACT), or sign an approval for the promotion job with \`truss ${family.name} approve\``,
    );
  const repeats = values.repeats === undefined ? 3 : Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 100)
    throw new UsageError(`${command} --eval: --repeats must be an integer from 1 to 100`);
  const branch = values['ledger-branch'] as string;
  const repo = branchRepository(values.repo ?? io.env.GITHUB_REPOSITORY, command);
  const token = io.env.GITHUB_TOKEN || io.env.GH_TOKEN;
  if (!token)
    throw new UsageError(
      `${command} --ledger-branch: set GITHUB_TOKEN (or GH_TOKEN) to a token that can push to ${branch}`,
    );
  const octokit = await cliOctokit(io, token, stderrLogger(io));
  const place = { octokit, ...repo, branch };
  const dryRun = Boolean(values['dry-run']);
  const signer = resolveRunKey(values.key, io);
  const role = action === 'approve' ? 'reviewer' : 'signer';
  const trusted = await defaultBranchTrustedKeys(octokit, repo);
  const pin = {
    key: signer.publicKeyHex,
    role,
    pinned: isPinned(trusted.keys, signer.publicKeyHex, role),
    trusted_keys: `.truss/trusted-keys@${trusted.ref}`,
  };
  const pinNote = pin.pinned
    ? `your key ${pin.key.slice(0, 16)}… is pinned as ${role} in ${pin.trusted_keys}: runs count it`
    : `warning: your key ${pin.key.slice(0, 16)}… is not pinned as ${role} in ${pin.trusted_keys}: runs will ignore this ${action === 'approve' ? 'approval' : 'decision'} until it is (add "${pin.key} roles=signer,reviewer <name>")`;
  if (dryRun) {
    const entry = findEntry((await readMemoryBranch(place)).store, ref, family.kind);
    // An entry the injection detector flags is never put on trial: the eval would not run.
    const refused = byEval ? evalPromotionArms(entry).refused : null;
    const preview = {
      dry_run: true,
      action,
      memory_id: entry.id,
      trust: entry.trust,
      repo,
      branch,
      ...pin,
      ...(refused ? { refused } : {}),
    };
    emit(io, Boolean(values.json), preview, () =>
      refused
        ? `dry run: would sign unverifiable for ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) and run no eval: ${refused}`
        : `dry run: would sign ${action === 'approve' ? 'an approval of promoting' : `the ${action === 'promote' ? 'promotion' : 'revocation'} of`} ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}, ${entry.trust}) and commit it to ${branch} of ${repo.owner}/${repo.repo}\n${pinNote}`,
    );
    return refused ? EXIT.failed : EXIT.ok;
  }
  // The signed session is kept in your local ledger too (what `truss verify` and `memory export` read).
  const local = openMemoryPlace(io, values, { write: true });
  try {
    const who = cliSigner(io, local, values.key);
    const principal = { ...who.principal, via: 'cli-ledger-branch' };
    const signing = {
      ...place,
      ledger: local.ledger,
      signer: who.signer,
      codeVersion: who.codeVersion,
      principal,
    };
    let out: {
      memory_id: string;
      session_id: string;
      decision: string;
      commit: { sha: string; url: string | null };
      entry: { kind: string; key: string };
      reason?: string;
    };
    if (action === 'approve') {
      const approved = await approveOnMemoryBranch({ ...signing, entry: ref, reason });
      const entry = (await readMemoryBranch(place)).store.get(approved.memoryId) as MemoryEntry;
      out = {
        memory_id: approved.memoryId,
        session_id: approved.sessionId,
        decision: 'approve',
        commit: { sha: approved.commit.commitSha, url: approved.commit.url ?? null },
        entry: { kind: entry.kind, key: entry.key },
      };
    } else {
      const { result, commit } = await decideOnMemoryBranch({
        ...signing,
        entry: ref,
        decide: async (signer, entry) => {
          if (action === 'revoke') return revokeEntry(signer, entry, reason);
          if (!byEval) {
            const warning = maintainerPromotionWarning(entry);
            if (warning) io.stderr(`${warning}\n`);
            return promoteEntry(signer, entry, { method: 'maintainer', reason });
          }
          // The eval's runs recall from the branch as every run there does, with this entry on trial.
          const memory = await runMemoryFromBranch({
            ...place,
            trusted: trusted.keys,
            ownKey: who.signer.publicKeyHex,
            log: stderrLogger(io),
          });
          return evalDecision(io, { ...values, repeats }, signer, entry, { store: local.ledger, memory });
        },
      });
      out = {
        memory_id: result.payload.memory_id,
        session_id: result.sessionId,
        decision: result.payload.decision,
        commit: { sha: commit.commitSha, url: commit.url ?? null },
        entry: { kind: result.payload.entry.kind, key: result.payload.entry.key },
        reason: result.payload.reason,
      };
    }
    emit(io, Boolean(values.json), { ...out, repo, branch, ...pin }, () =>
      [
        `${BRANCH_DONE[out.decision] ?? `decided ${out.decision} about`} ${out.entry.kind} ${out.entry.key} (${out.memory_id.slice(0, 12)}) on ${branch}: signed session ${out.session_id}, commit ${out.commit.url ?? out.commit.sha}`,
        ...(out.reason && out.decision !== action ? [`  ${out.reason}`] : []),
        pinNote,
        ...(out.decision === 'approve'
          ? [
              `now run the promotion job (mode: memory, memory-command: promote, memory-entry: ${out.memory_id.slice(0, 12)}): its panel promotion names this approval`,
            ]
          : []),
      ].join('\n'),
    );
    return out.decision === action || out.decision === 'approve' ? EXIT.ok : EXIT.failed;
  } finally {
    local.close();
  }
}

/**
 * The paired eval of `promote --eval` (docs/memory.md "Eval-gated promotion"), run here with the
 * branch's memory, then the signed decision naming its `eval_report`; decideOnMemoryBranch commits
 * the eval session's bundle beside the decision's. An eval that did not complete decides nothing.
 */
async function evalDecision(
  io: CliIo,
  values: { eval?: string | undefined; repeats: number } & EvalPlaceValues & { json?: boolean | undefined },
  who: DecisionSigner,
  entry: MemoryEntry,
  open: { store: LedgerStore; memory: RunMemory },
): Promise<SignedDecisionResult> {
  const { arms, trials, refused } = evalPromotionArms(entry);
  // The detector flagged the entry: it never goes on trial, so no run (and no model) is told it.
  if (refused) return refuseTrial(who, entry, refused);
  let decided: SignedDecisionResult | null = null;
  const exit = await launchEval(io, {
    contractRef: values.eval as string,
    arms,
    repeats: values.repeats,
    values,
    trials,
    open,
    finish: async ({ completed, store, bundlePath }) => {
      decided = await decideFromEval(who, entry, {
        sessionId: completed.sessionId,
        store,
        report: completed.report,
      });
      io.stderr(
        `${formatEval(completed.report)}\neval session ${completed.sessionId} · bundle ${bundlePath}\n`,
      );
      return EXIT.ok;
    },
  });
  if (!decided)
    throw new MemoryError(
      'bad_transition',
      `the paired eval did not complete (exit ${exit}); nothing was decided`,
    );
  return decided;
}

/** What the signed outcome did, in the output's first words (an `unverifiable` decision changed nothing). */
const BRANCH_DONE: Record<string, string> = {
  approve: 'approved promoting',
  promote: 'promoted',
  revoke: 'revoked',
  unverifiable: 'not promoted (decided unverifiable, it stays unverified):',
};

function branchRepository(text: string | undefined, command: string): { owner: string; repo: string } {
  const repository = repositoryOf(text);
  if (!repository)
    throw new UsageError(
      `${command} --ledger-branch: name the repository with --repo OWNER/NAME (or GITHUB_REPOSITORY)`,
    );
  return repository;
}

function stderrLogger(io: CliIo): Logger {
  return {
    info: () => {},
    warning: (message) => io.stderr(`warning: ${message}\n`),
    error: (message) => io.stderr(`error: ${message}\n`),
    group: (_name, fn) => fn(),
  };
}
