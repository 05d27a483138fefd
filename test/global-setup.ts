/**
 * Runs once before the suite: builds dist/ from the current src/ into a private directory, so every
 * test of a built entry (the Action, the App, the bundled CLI) runs what src builds, never a stale
 * committed dist/ (CI's dist check compares the committed one separately). Gives the run one temp
 * directory (TMPDIR) that is removed at the end. Also prints, visibly, which suites will skip on this
 * machine and why.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { capabilityNotices } from './helpers/capabilities.js';
import { fakeAppKeyFile } from './helpers/fake-app-key.js';

const REPO_ROOT = join(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's fresh build of src/ lives (dist layout: cli.cjs, action.cjs, app.js). */
    builtDist: string;
  }
}

/** Set in vitest's main process once the first project has built: later projects reuse that build. */
const BUILT_ONCE = 'TRUSS_SUITE_BUILT_DIST';

export default function setup(project: TestProject): () => void {
  // Vitest runs this once per project (vitest.config.ts has two): one temp dir and one build serve
  // both, or the second would nest its TMPDIR inside the first's (long enough to break socket paths).
  const built = process.env[BUILT_ONCE];
  if (built !== undefined) {
    project.provide('builtDist', built);
    return () => {};
  }
  // GitHub is faked with nock or on loopback; a machine's proxy settings would send the client's
  // requests to the proxy, past both. Workers fork after this, so none of them sees the settings.
  for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) delete process.env[name];
  // Every temp dir the tests, and the code they run, make goes under one directory of this run,
  // removed at the end: a full run makes thousands, and most tests leave theirs for inspection.
  // Traversable by the sandbox users (as /tmp is), never listable by them.
  const runTemp = mkdtempSync(join(tmpdir(), 'truss-suite-'));
  chmodSync(runTemp, 0o755);
  process.env.TMPDIR = runTemp;
  // One bytecode cache for every `truss` the tests start (src/core/bytecode-cache.ts), as a user's
  // machine has after its first run. Tests give each CLI child a fresh HOME, which without this made
  // every start compile the whole CLI again and write its cache: 0.15-0.25 s more CPU per `truss run`.
  // Tests of the cache itself set their own XDG_CACHE_HOME.
  const cacheHome = join(runTemp, 'cache');
  mkdirSync(cacheHome, { mode: 0o700 });
  process.env.XDG_CACHE_HOME = cacheHome;
  const appKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  writeFileSync(fakeAppKeyFile(), appKey.export({ type: 'pkcs1', format: 'pem' }) as string, {
    mode: 0o600,
  });
  // Under node_modules so the bundles resolve better-sqlite3 and probot like dist/ does.
  const outdir = join(REPO_ROOT, 'node_modules', '.cache', 'truss-test-dist', String(process.pid));
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (!existsSync(join(outdir, 'action.cjs')))
    throw new Error(`the test build of src/ produced no action.cjs in ${outdir}`);
  process.env[BUILT_ONCE] = outdir;
  project.provide('builtDist', outdir);
  for (const notice of capabilityNotices()) console.warn(`\n⚠ ${notice}\n`);
  return () => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(runTemp, { recursive: true, force: true });
  };
}
