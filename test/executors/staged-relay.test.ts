import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAGED_RELAY_FILE, stagedRelayCommand } from '../../src/core/executors/delegated-tools-vendor.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('stagedRelayCommand', () => {
  it('without a relay script: the host command with `mcp serve --tools` for this session and directory', async () => {
    const dir = tempDir('relay').dir;
    expect(await stagedRelayCommand({ command: 'node', args: ['/opt/truss/cli.js'] }, 'S1', dir)).toEqual({
      command: 'node',
      args: ['/opt/truss/cli.js', 'mcp', 'serve', '--tools', '--session', 'S1', '--connect', dir],
    });
  });

  it('with one: a group-readable copy inside the tool directory replaces the host arguments', async () => {
    const source = join(tempDir('relay-src').dir, 'relay.js');
    writeFileSync(source, '// relay\n', { mode: 0o600 });
    const dir = tempDir('relay').dir;
    const relay = await stagedRelayCommand(
      { command: 'node', args: ['/home/runner/_actions/dist/cli.js'], relayScript: source },
      'S2',
      dir,
    );
    const staged = join(dir, STAGED_RELAY_FILE);
    expect(relay).toEqual({
      command: 'node',
      args: [staged, 'mcp', 'serve', '--tools', '--session', 'S2', '--connect', dir],
    });
    expect(readFileSync(staged, 'utf8')).toBe('// relay\n');
    expect(statSync(staged).mode & 0o777).toBe(0o640);
  });
});
