import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

/** Repository root: child processes run from here so `--import tsx` resolves. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Path of a script in test/helpers/, for spawning as a real child process. */
export function helperScript(name: string): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url));
}

/** A second, independent SQLite connection to a ledger file (not through LedgerStore). */
export function openRaw(path: string, readonly = true): Database.Database {
  return new Database(path, { readonly, fileMustExist: true });
}

export interface JournalStats {
  count: number;
  maxSeq: number | null;
  lastHash: Buffer | null;
  headHash: Buffer | null;
}

/** Reads a session's journal shape straight from SQLite. */
export function journalStats(db: Database.Database, sessionId: string): JournalStats {
  const { count, maxSeq } = db
    .prepare('SELECT count(*) AS count, max(seq) AS maxSeq FROM journal WHERE session_id = ?')
    .get(sessionId) as { count: number; maxSeq: number | null };
  const last = db
    .prepare('SELECT entry_hash FROM journal WHERE session_id = ? ORDER BY seq DESC LIMIT 1')
    .get(sessionId) as { entry_hash: Buffer } | undefined;
  const session = db.prepare('SELECT head_hash FROM sessions WHERE id = ?').get(sessionId) as
    | { head_hash: Buffer | null }
    | undefined;
  return { count, maxSeq, lastHash: last?.entry_hash ?? null, headHash: session?.head_hash ?? null };
}

/** Spawns `node --import tsx <script> ...args` from the repository root. */
export function spawnTsx(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  prefix: string[] = [],
): ChildProcess {
  const [command, ...rest] = [...prefix, process.execPath, '--import', 'tsx', script, ...args];
  return spawn(command as string, rest, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves when the child prints `line` on stdout; rejects (with its stderr) if it exits first or times out. */
export function waitForLine(child: ChildProcess, line: string, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out waiting for "${line}"; stderr: ${err}`));
    }, timeoutMs);
    const onOut = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').includes(line)) {
        cleanup();
        resolve();
      }
    };
    const onErr = (chunk: Buffer) => {
      err += chunk.toString();
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`child exited (code ${code}, signal ${signal}) before "${line}"; stderr: ${err}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onOut);
      child.stderr?.off('data', onErr);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onOut);
    child.stderr?.on('data', onErr);
    child.on('exit', onExit);
  });
}

/** True when `strace` can trace a child here (it needs ptrace). */
export function straceAvailable(): boolean {
  const probe = spawnSync('strace', ['-f', '-qq', '-e', 'trace=none', 'true'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** Seeded PRNG (mulberry32) so a failing random run can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
