/**
 * A file a command reads that is not a regular file is refused at once, naming the path and what it
 * is (docs/cli.md "Input files"): a FIFO nothing writes to (every command waited on it for ever, as
 * `cat` does), a character device (`/dev/zero` as a key or trusted-keys file was read until memory
 * ran out), a socket. A pipe something writes into (`cat bundle.json | truss verify /dev/stdin`,
 * `--trusted-keys <(…)`) is still read. The built CLI runs in a child process with a deadline, so a
 * command that waits fails the test instead of hanging it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trussArgv } from '../helpers/built-dist.js';
import { type CliHome, cliHome, REPO_ROOT, runCli } from '../helpers/cli.js';
import { git, makeRepo } from '../helpers/git.js';

const HEX = 'a'.repeat(64);
const VALID = join(REPO_ROOT, 'examples/bundles/valid.json');
const VALID_KEYS = join(REPO_ROOT, 'examples/bundles/trusted-keys');
/** Far longer than any refusal takes on a loaded machine; a command that waits is killed here. */
const DEADLINE_MS = 30_000;

/** Every command line that reads `path` as a file the user named, and the next step it prints. */
function commandsReading(path: string, cli: CliHome): Array<{ args: string[]; next: RegExp }> {
  const out = (name: string) => join(cli.home, `${name}.out`);
  return [
    { args: ['verify', path, '--key', HEX], next: /pass the bundle JSON/ },
    { args: ['verify', VALID, '--trusted-keys', path], next: /--key HEX/ },
    { args: ['report', path, '--key', HEX, '-o', out('report')], next: /pass the bundle JSON/ },
    { args: ['attest', path, '-o', out('attest'), '--key', cli.keyFile], next: /pass a SESSION of --db/ },
    { args: ['attest', VALID, '-o', out('attest-key'), '--key', path], next: /key file/ },
    { args: ['verify-attestation', path, '--key', HEX], next: /pass the file `truss attest` wrote/ },
    {
      args: ['verify-attestation', cli.write('att.json', '{}'), '--key', HEX, '--bundle', path],
      next: /pass the file `truss attest` wrote/,
    },
    { args: ['ledger', 'verify', 'some-session', '--db', path], next: /pass --db with the database/ },
    { args: ['bench-verdicts', path], next: /check the path/ },
    { args: ['memory', 'propose', 'fact', 'k', '--file', path, '--db', cli.db], next: /--file/ },
  ];
}

describe('an input file that is not a regular file', () => {
  let cli: CliHome;
  let fifo: string;
  let socket: string;
  let server: Server;

  beforeAll(async () => {
    cli = cliHome('special-inputs');
    fifo = join(cli.home, 'bundle.fifo');
    execFileSync('mkfifo', [fifo]);
    socket = join(cli.home, 'bundle.sock');
    server = createServer();
    await new Promise<void>((done) => server.listen(socket, done));
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it.each([
    [
      'a FIFO nothing writes to',
      () => fifo,
      'it is a pipe (FIFO) with nothing in it and nothing writing to it',
      // SQLite opens the database itself: a FIFO is refused whether or not something writes to it.
      'it is a named pipe (FIFO), not a file',
    ],
    [
      'a character device',
      () => '/dev/zero',
      'it is a character device (such as /dev/zero or a terminal), not a file',
    ],
    ['a socket', () => socket, 'it is a socket, not a file'],
  ])('%s: every command refuses it at once, naming it (exit 3)', (_, pathOf, reason, asDatabase = reason) => {
    const path = pathOf();
    for (const { args, next } of commandsReading(path, cli)) {
      const result = runCli(args, { env: cli.env, timeout: DEADLINE_MS });
      const said = `${args.join(' ')}: ${result.code} ${result.stderr}`;
      expect(result.code, said).toBe(3);
      expect(result.stderr, said).toContain(`${path}: ${args[0] === 'ledger' ? asDatabase : reason}`);
      expect(result.stderr, said).toMatch(next);
      expect(result.stderr, said).not.toContain('unexpected error');
    }
  });

  it('files a checkout holds, linked to a FIFO: the config is refused, the trusted-keys file not trusted', () => {
    // A branch can commit a link to any path; git cannot commit the FIFO itself.
    const repo = makeRepo({ 'README.md': '# demo\n' }, 'special-inputs-repo');
    mkdirSync(join(repo, '.truss'));
    symlinkSync(fifo, join(repo, '.truss/config.toml'));
    symlinkSync(fifo, join(repo, '.truss/trusted-keys'));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'links');
    const config = runCli(['mcp', 'list', '--workdir', repo], { env: cli.env, timeout: DEADLINE_MS });
    expect(config.code, config.stderr).toBe(3);
    expect(config.stderr).toContain(
      `${join(repo, '.truss/config.toml')}: it is a pipe (FIFO) with nothing in it and nothing writing to it`,
    );
    const verify = runCli(['verify', VALID], { cwd: repo, env: cli.env, timeout: DEADLINE_MS });
    expect(verify.code, verify.stderr).toBe(4); // integrity only: no key pinned
    expect(verify.stderr).toContain(
      `not trusting the keys in ${join(repo, '.truss/trusted-keys')}: cannot read ${join(repo, '.truss/trusted-keys')}: it is a pipe (FIFO)`,
    );
  });

  it.each(['log.json', 'leaves.jsonl', 'checkpoints.jsonl', 'checkpoint'])(
    'anchor verify-log: a log copied from elsewhere whose %s is a link to a FIFO is refused at once (exit 3)',
    (name) => {
      const log = join(cli.home, `log-${name}`);
      const init = runCli(['anchor', 'init', log, '--origin', 'example.com/log', '--log-key', cli.keyFile], {
        env: cli.env,
      });
      expect(init.code, init.stderr).toBe(0);
      rmSync(join(log, name), { force: true });
      symlinkSync(fifo, join(log, name));
      const result = runCli(['anchor', 'verify-log', log], { env: cli.env, timeout: DEADLINE_MS });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(
        `cannot read ${join(log, name)}: it is a pipe (FIFO) with nothing in it and nothing writing to it; a log directory holds only the files truss anchor writes`,
      );
    },
  );

  it('a pipe something writes into, slowly, is still read: the bundle and the trusted keys', () => {
    const [command, ...prefix] = trussArgv();
    const pipeInto = (script: string, ...args: string[]) =>
      spawnSync('/bin/sh', ['-c', script, command as string, ...prefix, ...args], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: cli.home, TMPDIR: process.env.TMPDIR },
        timeout: DEADLINE_MS,
        killSignal: 'SIGKILL',
      });
    // The writer starts late and writes in two parts: the reader waits for it, then reads to the end.
    const slowly = '{ sleep 0.5; head -c 700 "$BUNDLE"; sleep 0.5; tail -c +701 "$BUNDLE"; }';
    const bundle = pipeInto(
      `BUNDLE=${VALID} && ${slowly} | "$0" "$@" verify /dev/stdin --trusted-keys ${VALID_KEYS}`,
    );
    expect(bundle.status, bundle.stderr).toBe(0);
    expect(bundle.stdout).toContain('✔ VERIFIED');
    const keys = pipeInto(
      `{ sleep 0.5; cat ${VALID_KEYS}; } | "$0" "$@" verify ${VALID} --trusted-keys /dev/stdin`,
    );
    expect(keys.status, keys.stderr).toBe(0);
    expect(keys.stdout).toContain('✔ VERIFIED');
  });
});
