import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_KEY, makeWorkdir } from '../helpers/agent-kit.js';
import { cliHome, REPO_ROOT, runCli } from '../helpers/cli.js';

describe('truss run with governed compaction', () => {
  it('examples/contracts/compaction-scripted.toml: compacts in a 3,000-token window, says so, PASSes and verifies; a resume replays it unchanged', () => {
    const { home, env, runFlags } = cliHome('context-cli', { workdir: makeWorkdir() });
    const example = join(REPO_ROOT, 'examples/contracts/compaction-scripted.toml');
    const bundle = join(home, 'bundle.json');
    const result = runCli(['run', example, ...runFlags, '--bundle', bundle], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/context compacted \(summarize\) after step \d+: [\d,]+ → [\d,]+ tokens/);
    expect(result.stdout).toMatch(
      /context: peak \d+% of the 3,000-token window \(step \d+, [\d,]+ tokens\) · [2-9] compactions · 2 goal re-pins/,
    );
    expect(result.stdout).toContain('VERDICT: PASS');
    const verify = runCli(['verify', bundle, '--key', AGENT_KEY.publicKeyHex, '--json']);
    expect(JSON.parse(verify.stdout).status).toBe('verified');

    const session = /session ([0-9a-f-]{36})/.exec(result.stdout)?.[1] as string;
    const again = runCli(['resume', session, ...runFlags, '--bundle', join(home, 'b2.json'), '--json'], {
      env,
    });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ verdict: 'pass', replayed: expect.any(Number) });
  }, 120_000);
});
