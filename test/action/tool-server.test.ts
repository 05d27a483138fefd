import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionToolServer } from '../../src/action/tool-server.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('actionToolServer', () => {
  it('is this Node with the cli.cjs beside the running entry, through symlinks, wherever the cwd is', () => {
    const root = tempDir('tool-server').dir;
    const dist = join(root, 'action', 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'action.cjs'), '');
    writeFileSync(join(dist, 'cli.cjs'), '');
    // A workspace that holds a cli.cjs of its own (a PR could add one) is never consulted.
    const workspace = join(root, 'workspace');
    mkdirSync(workspace);
    writeFileSync(join(workspace, 'cli.cjs'), '');
    symlinkSync(join(dist, 'action.cjs'), join(workspace, 'entry.js'));
    expect(actionToolServer(join(workspace, 'entry.js'), '/usr/bin/node')).toEqual({
      command: '/usr/bin/node',
      args: [join(realpathSync(dist), 'cli.cjs')],
    });
    expect(actionToolServer(join(dist, 'action.cjs'))?.command).toBe(process.execPath);
    // With the self-contained relay shipped beside it, the run copies that for the sandbox.
    writeFileSync(join(dist, 'relay.js'), '');
    expect(actionToolServer(join(dist, 'action.cjs'), '/usr/bin/node')).toEqual({
      command: '/usr/bin/node',
      args: [join(realpathSync(dist), 'cli.cjs')],
      relayScript: join(realpathSync(dist), 'relay.js'),
    });
  });

  it('is absent without a bundled CLI beside the entry (a source run), or without an entry', () => {
    const dir = tempDir('tool-server').dir;
    writeFileSync(join(dir, 'index.ts'), '');
    expect(actionToolServer(join(dir, 'index.ts'))).toBeUndefined();
    expect(actionToolServer(join(dir, 'missing.js'))).toBeUndefined();
    expect(actionToolServer(undefined)).toBeUndefined();
  });
});
