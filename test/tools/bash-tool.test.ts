import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolOutcomeStep } from '../../src/core/executors/activities.js';
import { secretRedactor } from '../../src/core/process/redact.js';
import { BASH_OUTPUT_TAIL_BYTES, bashTool, createBashTool } from '../../src/core/tools/bash-tool.js';
import type { ToolContext } from '../../src/core/tools/tool.js';
import { isAlive, readPidFile } from '../helpers/processes.js';
import { makeSandbox, toolContext } from './tool-helpers.js';

/** Real child processes throughout. */

let box: ReturnType<typeof makeSandbox>;
let context: ToolContext;
beforeEach(() => {
  box = makeSandbox('bash');
  context = toolContext(box.work, { forbidden: ['git push', 'rm -rf /'] });
});
afterEach(() => box.cleanup());

describe('bash tool', () => {
  it('runs a command in the workdir and returns exit code and output', async () => {
    const outcome = await bashTool.run({ command: 'pwd; echo oops >&2' }, context);
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toBe(`exit code 0\n[stdout]\n${box.work}\n\n[stderr]\noops\n`);
    expect(outcome.data).toMatchObject({
      exitCode: 0,
      timedOut: false,
      truncated: false,
      stdoutBytes: box.work.length + 1,
    });
  });

  it('reports a failing command as an error with its exit code', async () => {
    const outcome = await bashTool.run({ command: 'echo failing; exit 3' }, context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^exit code 3\n\[stdout\]\nfailing/);
  });

  it('closes stdin', async () => {
    const outcome = await bashTool.run({ command: 'cat; echo "done"' }, context);
    expect(outcome.content).toContain('done');
  });

  it('kills the whole process group on timeout, background sleepers included', async () => {
    const pidFile = join(box.work, 'bg.pid');
    const started = Date.now();
    const outcome = await bashTool.run(
      { command: `sleep 100 & echo $! > "${pidFile}"; sleep 30`, timeout_sec: 0.5 },
      context,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^timed out after 0.5s; process group killed/);
    expect(outcome.data).toMatchObject({ timedOut: true, exitCode: null });
    expect(isAlive(await readPidFile(pidFile))).toBe(false);
  });

  it('kills the group when the run is cancelled', async () => {
    const controller = new AbortController();
    const cancellable = toolContext(box.work, {}, controller.signal);
    const pending = bashTool.run({ command: 'sleep 30' }, cancellable);
    setTimeout(() => controller.abort(), 200);
    const outcome = await pending;
    expect(outcome).toMatchObject({ isError: true, data: { cancelled: true } });
  });

  it('caps output to the tail and flags truncation', async () => {
    const tool = createBashTool({ outputTailBytes: 1000 });
    const outcome = await tool.run({ command: 'seq 1 100000; echo LAST-LINE' }, context);
    expect(outcome.isError).toBe(false);
    expect(outcome.data).toMatchObject({ truncated: true });
    expect(outcome.content).toMatch(/\[stdout: truncated, showing the last 1000 of \d+ bytes\]/);
    expect(outcome.content.trimEnd().endsWith('LAST-LINE')).toBe(true);
    expect(outcome.content).not.toContain('\n1\n2\n');
    expect(outcome.content.length).toBeLessThan(1200);
    expect(BASH_OUTPUT_TAIL_BYTES).toBe(32 * 1024);
  });

  it('marks where its truncated tail begins, so the journal redacts the part of a secret the cut went through', async () => {
    // Behind the `[stdout: truncated …]` header the cut is mid-text: a scan of the whole result
    // cannot tell the tail began inside a secret (what the model sees, the bundle and report.html keep).
    const secret = 'npm_Zq7PfX2kLm9RtY4vBw8NcD3sHj6GaE1uKo5i';
    const tool = createBashTool({ outputTailBytes: 200 });
    // The 200-byte tail starts 12 characters into the secret.
    const command = `printf '%s' "$(head -c 300 /dev/zero | tr '\\0' x)${secret}$(head -c ${200 - (secret.length - 12)} /dev/zero | tr '\\0' y)"`;
    const outcome = await tool.run({ command }, context);
    expect(outcome.content).toContain(secret.slice(12));
    const { fields } = toolOutcomeStep(outcome, secretRedactor({ NPM_TOKEN: secret }));
    expect(fields.content).toContain('[stdout: truncated');
    expect(fields.content).toContain('[REDACTED]');
    expect(fields.content).not.toContain(secret.slice(12, 24));
    expect(fields.redactions).toEqual({ run_secret: 1 });
  });

  it('scrubs the environment: API keys are not visible', async () => {
    const tool = createBashTool({
      env: {
        PATH: process.env.PATH,
        HOME: box.root,
        OPENAI_API_KEY: 'sk-should-not-leak',
        GITHUB_TOKEN: 'ghs_x',
      },
    });
    const outcome = await tool.run({ command: 'env' }, context);
    expect(outcome.isError).toBe(false);
    expect(outcome.content).not.toContain('sk-should-not-leak');
    expect(outcome.content).not.toContain('OPENAI_API_KEY');
    expect(outcome.content).not.toContain('GITHUB_TOKEN');
    expect(outcome.content).toContain('TRUSS_TOOL=1');
    expect(outcome.content).toContain(`HOME=${box.root}`);

    // The real host environment too, with a key set in this process.
    process.env.OPENAI_API_KEY = 'sk-host-key';
    try {
      const host = await bashTool.run({ command: 'echo "key=[${OPENAI_API_KEY:-}]"' }, context);
      expect(host.content).toContain('key=[]');
    } finally {
      delete process.env.OPENAI_API_KEY;
    }
  });

  it('refuses forbidden substrings before anything runs', async () => {
    const marker = join(box.work, 'ran');
    const outcome = await bashTool.run({ command: `touch "${marker}"; git push origin main` }, context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^bash refused: the command contains the forbidden substring "git push"/);
    expect(outcome.data).toMatchObject({ refused: true, violation: 'forbidden' });
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses obvious network tools with network = "none"', async () => {
    const outcome = await bashTool.run({ command: 'curl -s https://example.com' }, context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/network = "none"/);
  });

  it('rejects bad input clearly', async () => {
    expect((await bashTool.run({}, context)).content).toMatch(/^invalid input for bash: command: /);
    expect((await bashTool.run({ command: 'true', timeout_sec: -1 }, context)).content).toMatch(
      /timeout_sec/,
    );
  });
});
