/**
 * `truss resume` continues in the directory the session ran in (recorded in run_started), not in
 * whatever directory it was started from: run in W, suspend at a gate, approve, then resume from
 * another directory with only --db. The check must see the file written in W before the gate
 * (PASS); a --workdir that is not W is refused naming W. Real CLI processes, real files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { keyFromByte, writeKeyFile, writeSignerPin, writeTrustedKeys } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

const CONTRACT = contractToml(
  { id: 'two-steps', intent: 'Write note.txt, then (after approval) approved.txt' },
  {
    kind: 'check',
    desc: 'both files exist',
    run: 'test -f note.txt && grep -qx approved approved.txt',
    timeout_sec: 10,
  },
  {
    executor: { kind: 'in-loop' },
    budget: { max_steps: 4 },
    constraints: { allow_tools: ['bash', 'write_file'] },
    approval_gates: { enabled: true, high_risk_tools: ['bash'] },
    provider: { kind: 'scripted', script: 'agent.json' },
  },
);

const AGENT = JSON.stringify({
  responses: [
    {
      content: [
        { type: 'tool_use', name: 'write_file', input: { path: 'note.txt', content: 'before the gate\n' } },
      ],
    },
    { content: [{ type: 'tool_use', name: 'bash', input: { command: 'echo approved > approved.txt' } }] },
    { content: [{ type: 'text', text: 'done' }] },
  ],
});

describe('resume continues in the recorded workdir', () => {
  it('from another directory it uses the recorded one (PASS); another --workdir is refused (3) naming it', () => {
    const { home, workdir, db, keyFile, env, runFlags, write } = cliHome('resume-wd');
    const elsewhere = tempDir('resume-wd-else').dir;
    const reviewerFile = writeKeyFile(join(home, 'reviewer.key'), 0x62);
    write('contract.toml', CONTRACT);
    writeFileSync(join(workdir, 'agent.json'), AGENT);

    const first = runCli(['run', join(home, 'contract.toml'), ...runFlags, '--json'], { env, cwd: home });
    expect(first.code, first.stderr).toBe(6);
    const session = JSON.parse(first.stdout).session_id as string;
    expect(readFileSync(join(workdir, 'note.txt'), 'utf8')).toBe('before the gate\n');
    // The reviewer is a configured approver of this workdir.
    writeTrustedKeys(workdir, { reviewer: keyFromByte(0x62) });
    const pin = writeSignerPin(join(home, 'session-pin'), keyFromByte(0x61));
    const approve = runCli(
      ['review', 'approve', session, '--db', db, '--key', reviewerFile, '--trusted-keys', pin],
      { env },
    );
    expect(approve.code, approve.stderr).toBe(0);

    const refused = runCli(['resume', session, '--db', db, '--key', keyFile, '--workdir', elsewhere], {
      env,
      cwd: elsewhere,
    });
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toContain(`session ${session} ran in ${workdir}, not ${elsewhere}`);
    expect(existsSync(join(elsewhere, 'approved.txt'))).toBe(false);

    const resumed = runCli(['resume', session, '--db', db, '--key', keyFile, '--json'], {
      env,
      cwd: elsewhere,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'completed', verdict: 'pass' });
    expect(readFileSync(join(workdir, 'approved.txt'), 'utf8')).toBe('approved\n');
    expect(existsSync(join(elsewhere, 'approved.txt'))).toBe(false);
  });
});
