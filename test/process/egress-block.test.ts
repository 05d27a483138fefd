import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureEgressBlock } from '../../src/core/process/isolation-uid.js';

const emptyBin = mkdtempSync(join(tmpdir(), 'truss-egress-bin-'));
afterAll(() => rmSync(emptyBin, { recursive: true, force: true }));

describe('ensureEgressBlock', () => {
  it('reports a missing iptables by name, as root, without trying to start it', async () => {
    const account = { name: 'truss-sandbox-offline', uid: 4242, gid: 4242 };
    const failed = await ensureEgressBlock(account, 'root', { PATH: emptyBin });
    expect(failed).toBe('iptables: not installed');
  });
});
