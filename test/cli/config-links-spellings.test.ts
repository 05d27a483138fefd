/**
 * The link check judges where a path really goes, not how it is spelled: the working copy named
 * through a link outside it, the contract named through the real path (or the reverse), and `..`
 * after a link must all find a link inside the working copy that the run's work could re-point.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigLinkError, refuseLinkedConfig } from '../../src/cli/config-links.js';

/** `real/` is a working copy with `conf/contract.toml` reached as `ci/` (a link inside it); `alias -> real`. */
function layout() {
  const root = mkdtempSync(join(tmpdir(), 'truss-cfg-spell-'));
  const real = join(root, 'real');
  mkdirSync(join(real, 'conf'), { recursive: true });
  mkdirSync(join(real, 'sub'));
  writeFileSync(join(real, 'conf/contract.toml'), '');
  symlinkSync('conf', join(real, 'ci'));
  symlinkSync('real', join(root, 'alias'));
  return { root, real, alias: join(root, 'alias') };
}

describe('refuseLinkedConfig', () => {
  it('finds the inner link whichever way the working copy and the path are spelled', () => {
    const { root, real, alias } = layout();
    const cases: [string, string][] = [
      [real, join(real, 'ci/contract.toml')],
      [alias, join(real, 'ci/contract.toml')],
      [real, join(alias, 'ci/contract.toml')],
      [alias, join(alias, 'ci/contract.toml')],
      [real, `${real}/sub/../ci/contract.toml`],
      [root, join(alias, 'ci/contract.toml')],
    ];
    for (const [workdir, path] of cases) {
      expect(() => refuseLinkedConfig(workdir, [path]), `${workdir} ${path}`).toThrow(ConfigLinkError);
    }
  });

  it('resolves a relative path and working copy from the directory given', () => {
    const { root } = layout();
    expect(() => refuseLinkedConfig('alias', ['real/ci/contract.toml'], root)).toThrow(ConfigLinkError);
  });

  it('follows a link out of the working copy and back in, and `..` from where a link led', () => {
    const { root, real } = layout();
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(join(elsewhere, 'deep'), { recursive: true });
    // hop/.. is elsewhere/ (where the link led), whose `back` leads into the working copy's link;
    // spelled lexically, root/back does not exist. Concatenated, not joined: join() would drop `hop/..`.
    symlinkSync(real, join(elsewhere, 'back'));
    symlinkSync(join(elsewhere, 'deep'), join(root, 'hop'));
    expect(() => refuseLinkedConfig(real, [`${root}/hop/../back/ci/contract.toml`])).toThrow(ConfigLinkError);
  });

  it('accepts links outside the working copy and real paths inside it', () => {
    const { real, alias } = layout();
    expect(() => refuseLinkedConfig(alias, [join(alias, 'conf/contract.toml')])).not.toThrow();
    expect(() => refuseLinkedConfig(real, [join(alias, 'conf/contract.toml')])).not.toThrow();
    expect(() => refuseLinkedConfig(real, [join(real, 'missing/contract.toml')])).not.toThrow();
  });

  it('finds the inner link through a bind mount of the working copy, either way round', () => {
    if (process.getuid?.() !== 0) {
      console.warn('skipped: bind mounts need root');
      return;
    }
    const { root, real } = layout();
    const bound = join(root, 'bound');
    mkdirSync(bound);
    execFileSync('mount', ['--bind', real, bound]);
    try {
      expect(() => refuseLinkedConfig(real, [join(bound, 'ci/contract.toml')])).toThrow(ConfigLinkError);
      expect(() => refuseLinkedConfig(bound, [join(real, 'ci/contract.toml')])).toThrow(ConfigLinkError);
      expect(() => refuseLinkedConfig(real, [join(bound, 'conf/contract.toml')])).not.toThrow();
    } finally {
      execFileSync('umount', [bound]);
      rmdirSync(bound);
    }
  });
});
