import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAGED_RELAY_FILE } from '../../src/core/executors/delegated-tools-vendor.js';
import { SigningKey } from '../../src/core/ledger/index.js';
import type { IsolationLevel } from '../../src/core/process/index.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { agentScript, trussToolsContract } from '../helpers/fake-mcp-agent.js';
import { writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';
import { leaked, makeWorkRepo, mechanismAvailable, secret } from '../process/isolation-kit.js';

/**
 * `[executor] tools = "truss"` through the real `truss run` (docs/mcp.md "Journaled tools for
 * delegated agents"): the fake vendor CLI (an MCP client) starts `truss mcp serve --tools` as its
 * server, does its work through it, and tries to get at what the harness holds — the signing key
 * file, the harness's environment, the tool socket with a forged token. The key stays in the truss
 * process: under uid and bwrap the CLI reads none of it; under none (the control) it could.
 */

// bwrap gives the sandbox a fresh /tmp (docs/security.md): a checkout under the temp dir (a clean
// clone in /tmp) cannot reach the fake CLI there, so that case is skipped, saying why.
const checkoutInTmp = `${realpathSync(REPO_ROOT)}/`.startsWith(`${realpathSync('/tmp')}/`);

for (const level of ['none', 'uid', 'bwrap'] as IsolationLevel[]) {
  const unavailable =
    level === 'bwrap' && checkoutInTmp
      ? 'the repository is under the temp dir, which bwrap replaces with a fresh /tmp'
      : await mechanismAvailable(level);
  describe.skipIf(unavailable !== null)(
    `truss run, tools = "truss", --isolation ${level}${unavailable ? ` (SKIPPED: ${unavailable})` : ''}`,
    () => {
      it(`the vendor CLI works only through the journaled tools and ${level === 'none' ? 'could read the harness secrets (the control)' : 'cannot read the signing key or any secret'}`, () => {
        const home = tempDir('tt-home').dir;
        const harnessDir = tempDir('tt-harness').dir;
        const seed = SigningKey.generate().seedBase64;
        const keyFile = writeKeyFile(join(harnessDir, 'signing.key'), seed);
        const secrets = {
          keyFile: seed,
          SERVICE_API_TOKEN: secret('svc'),
          TRUSS_REVIEW_SIGNING_KEY: secret('TRUSSREVIEW'),
        };
        const workdir = makeWorkRepo();
        const contract = join(workdir, '.truss/contracts/journaled.toml');
        writeFileSync(
          contract,
          trussToolsContract(
            [
              agentScript([
                { tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } },
                { tool: 'bash', args: { command: 'id -u' } },
              ]),
              `--read=${keyFile}`,
              // By name: a secret's value in the contract would be in the signed run_started.
              '--hunt=SERVICE_API_TOKEN',
              '--hunt=TRUSS_REVIEW_SIGNING_KEY',
              '--forge',
            ],
            ['write_file', 'bash'],
          ),
        );
        const bundle = join(harnessDir, 'bundle.json');
        const run = runCli(
          [
            'run',
            contract,
            '--workdir',
            workdir,
            '--key',
            keyFile,
            '--bundle',
            bundle,
            '--isolation',
            level,
            '--json',
          ],
          {
            env: {
              HOME: home,
              SERVICE_API_TOKEN: secrets.SERVICE_API_TOKEN,
              TRUSS_REVIEW_SIGNING_KEY: secrets.TRUSS_REVIEW_SIGNING_KEY,
            },
          },
        );
        expect(run.code, run.stderr).toBe(0);
        const outcome = JSON.parse(run.stdout);
        expect(outcome).toMatchObject({ verdict: 'pass', isolation: { level } });
        expect(existsSync(join(workdir, 'greeting.txt'))).toBe(true);

        const ledger = JSON.parse(readFileSync(bundle, 'utf8'));
        const entries = ledger.ledger.entries as Array<{ kind: string; payload: Record<string, unknown> }>;
        const calls = entries.filter((e) => e.kind === 'delegated_tool_call').map((e) => e.payload);
        expect(calls.map((c) => [c.name, c.is_error])).toEqual([
          ['write_file', false],
          ['bash', false],
        ]);
        // The command ran through the run's isolation: as the sandbox user under uid.
        const uid = Number(String(calls[1]?.content).match(/\[stdout\]\n(\d+)/)?.[1]);
        expect(Number.isInteger(uid)).toBe(true);
        if (level === 'uid') expect(uid).not.toBe(process.getuid?.());
        const result = entries.find((e) => e.kind === 'delegated_result')?.payload ?? {};
        const tails = String((result.stdout as { tail: string }).tail).split('\n');
        expect(tails).toContain('fake mcp agent done');
        // The built truss ships relay.js beside cli.cjs: the CLI started the run's copy of it, in the
        // tool directory the sandbox is given (an install under HOME would be hidden from it).
        const server = JSON.parse(tails.find((l) => l.startsWith('SERVER '))?.slice(7) ?? '{}') as {
          args: string[];
        };
        const connect = server.args[server.args.indexOf('--connect') + 1] as string;
        expect(server.args[0]).toBe(join(connect, STAGED_RELAY_FILE));
        // A forged token is refused before any MCP message is read.
        expect(tails.find((l) => l.startsWith('FORGE '))).toContain('wrong token');
        const read = tails.find((l) => l.startsWith('READ '));
        const hunts = tails.filter((l) => l.startsWith('HUNT '));
        if (level === 'none') {
          // Unisolated, the CLI runs as the harness user: the key file and the harness env are open to it.
          expect(read).toMatch(/ ok$/);
          expect(hunts).toEqual(['HUNT found', 'HUNT found']);
        } else {
          expect(read).toMatch(/ failed /);
          expect(hunts).toEqual(['HUNT absent', 'HUNT absent']);
        }
        // Whatever it found, nothing secret reached the signed evidence or the output.
        expect(leaked(secrets, [run.stdout, run.stderr, readFileSync(bundle, 'utf8')])).toEqual([]);
        const verify = runCli(['verify', bundle, '--key', outcome.public_key, '--json']);
        expect(JSON.parse(verify.stdout).status).toBe('verified');
      }, 180_000);
    },
  );
}
