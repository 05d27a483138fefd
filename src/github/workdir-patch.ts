import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bytesToHex,
  canonicalJson,
  hexToBytes,
  type LedgerCrypto,
  type Signer,
  utf8Bytes,
} from '../core/ledger/index.js';
import {
  checkedHarnessGit,
  GitCommandError,
  runHarnessGitCapped,
  snapshotWorktree,
  stageAll,
} from '../core/process/index.js';
import { WORKDIR_PATCH_FILE_NAME, WORKDIR_PATCH_STATEMENT_FILE_NAME } from './names.js';

const OUTSIDE_TRUSS = ['--', '.', ':(top,exclude).truss'];
/** The largest patch captured: a run whose changes come to more fails instead of carrying a cut one. */
const PATCH_MAX_BYTES = 256 << 20;

/**
 * Everything the run changed since `baseSha` — commits, staged, unstaged and new files, binary
 * included, never `.truss/` — as one patch, built in a throwaway index so the workspace and its
 * real index are untouched. A suspended run's later job applies it on a fresh checkout of `baseSha`
 * so the replayed journal and the files agree again. Empty when nothing changed.
 */
export async function captureWorkdirPatch(workdir: string, baseSha: string): Promise<Buffer> {
  const scratch = mkdtempSync(join(tmpdir(), 'truss-index-'));
  const env = { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') };
  // Bytes: a text file in another encoding (Latin-1) is not UTF-8, and decoding the patch would
  // replace its bytes before they are signed and applied again.
  // Every git here runs the safe path (src/core/process/git-safety.ts): the judged work ran in
  // this working copy and may have planted hooks, an fsmonitor command or a FIFO in its .git.
  const gitBytes = async (args: string[]) => {
    const out = await runHarnessGitCapped(workdir, args, PATCH_MAX_BYTES, { env });
    if (out.truncated)
      throw new GitCommandError(
        `the run's workspace changes come to more than ${PATCH_MAX_BYTES >> 20} MiB; a suspended run cannot carry them`,
        -1,
      );
    if (out.code !== 0)
      throw new GitCommandError(out.stderr.trim() || `git ${args[0]} exited with ${out.code}`, out.code);
    return out.stdout;
  };
  const git = async (args: string[]) => (await gitBytes(args)).toString('utf8');
  try {
    await git(['read-tree', 'HEAD']);
    await stageAll({ raw: git }, OUTSIDE_TRUSS.slice(1));
    return await gitBytes(['diff', '--cached', '--binary', '--full-index', baseSha, ...OUTSIDE_TRUSS]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Applies a patch from `captureWorkdirPatch` to a checkout of the same base; refuses one that does
 * not apply cleanly. First it snapshots the checkout as it is: the in-loop executor recorded the
 * run-start working tree as a tree object in the first job's repository, and writing the same tree
 * here (a clean checkout of the same commit hashes the same) lets the resumed run take its work
 * diff — without it the diff fails and the clean-room checks are unverifiable.
 */
export async function applyWorkdirPatch(
  workdir: string,
  patch: Uint8Array,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<void> {
  await snapshotWorktree(workdir, env).catch(() => undefined);
  if (patch.length === 0) return;
  const scratch = mkdtempSync(join(tmpdir(), 'truss-patch-'));
  const file = join(scratch, WORKDIR_PATCH_FILE_NAME);
  writeFileSync(file, patch);
  try {
    await checkedHarnessGit(workdir, ['apply', '--binary', '--whitespace=nowarn', file], { env });
  } catch (error) {
    throw new Error(
      `the suspended run's workspace changes do not apply to this checkout: ${(error as Error).message}`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * What the session key signs about a suspended run's `workdir.patch`: the session, the ledger head
 * the patch was captured at (the artifact's SQLite snapshot ends there) and the patch's sha256. The
 * patch is not part of the chain, so without this a swapped, emptied or dropped patch would have
 * the resuming job continue — and sign a verdict — on workspace changes the run never made.
 */
export interface WorkdirPatchStatement {
  session_id: string;
  head_seq: number;
  head_hash: string;
  patch_sha256: string;
}

const STATEMENT_DOMAIN = 'truss.workdir_patch.v1\n';

/** The signed bytes: a domain label (never 32 bytes, so never an entry signature's message), then the canonical statement. */
function statementMessage(statement: WorkdirPatchStatement): Uint8Array {
  return utf8Bytes(STATEMENT_DOMAIN + canonicalJson({ ...statement }));
}

/** The statement file's text for `patch`, captured at the session's current head and signed by `signer`. */
export function signWorkdirPatch(
  signer: Signer,
  head: { sessionId: string; seq: number; hash: string },
  patch: Uint8Array,
): string {
  const statement: WorkdirPatchStatement = {
    session_id: head.sessionId,
    head_seq: head.seq,
    head_hash: head.hash,
    patch_sha256: sha256Hex(patch),
  };
  const signature = bytesToHex(signer.sign(statementMessage(statement)));
  return `${JSON.stringify({ ...statement, public_key: signer.publicKeyHex, signature })}\n`;
}

/**
 * Checks a suspended run's patch against its signed statement: signed by `publicKeyHex` (the
 * session key, whose chain the caller verified), for this session and exactly the head the
 * downloaded ledger ends at, over these patch bytes. Returns why not, or null when it holds. A
 * missing patch or statement is refused: an artifact without them cannot say what the workspace was.
 */
export function workdirPatchRefusal(options: {
  statement: string | null;
  patch: Uint8Array | null;
  head: { sessionId: string; seq: number; hash: string };
  publicKeyHex: string;
  crypto: LedgerCrypto;
}): string | null {
  const { head } = options;
  if (options.patch === null) return `it carries no ${WORKDIR_PATCH_FILE_NAME}`;
  if (options.statement === null)
    return `its ${WORKDIR_PATCH_FILE_NAME} comes without the session key's signed statement`;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(options.statement) as Record<string, unknown>;
  } catch {
    return `its ${WORKDIR_PATCH_FILE_NAME} statement is not JSON`;
  }
  const statement: WorkdirPatchStatement = {
    session_id: head.sessionId,
    head_seq: head.seq,
    head_hash: head.hash,
    patch_sha256: sha256Hex(options.patch),
  };
  for (const [field, want] of Object.entries(statement)) {
    if (parsed[field] !== want)
      return `its ${WORKDIR_PATCH_FILE_NAME} statement's ${field} is not this ledger's (${String(want)})`;
  }
  const publicKey = hexToBytes(options.publicKeyHex, 32);
  const signature = hexToBytes(parsed.signature, 64);
  if (!publicKey || !signature || !options.crypto.verify(signature, statementMessage(statement), publicKey))
    return `its ${WORKDIR_PATCH_FILE_NAME} statement is not signed by the session key`;
  return null;
}

/**
 * The workspace patch in a downloaded artifact directory. The changes travel beside the chain, not in
 * it: with `signedFor` (a run that recorded its start commit) only a patch the session key signed
 * for exactly that head is handed back, and a swapped, emptied or dropped one comes back as the
 * refusal instead.
 */
export function artifactWorkdirPatch(
  dir: string,
  signedFor: {
    head: { sessionId: string; seq: number; hash: string };
    publicKeyHex: string;
    crypto: LedgerCrypto;
  } | null,
): { patch: Buffer | null; refusal: string | null } {
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name)) : null);
  const patch = read(WORKDIR_PATCH_FILE_NAME);
  if (!signedFor) return { patch, refusal: null };
  const statement = read(WORKDIR_PATCH_STATEMENT_FILE_NAME)?.toString('utf8') ?? null;
  return { patch, refusal: workdirPatchRefusal({ statement, patch, ...signedFor }) };
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
