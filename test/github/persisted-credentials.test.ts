import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkPersistedCredentials,
  PersistedCredentialsError,
  persistedCredentials,
} from '../../src/github/persisted-credentials.js';
import { git, makeRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

const TOKEN = 'ghs_persisted000000000000000000000000000';
const HEADER = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;

/** Real repositories configured as actions/checkout leaves them (docs/security.md). */
describe('credentials persisted in the working copy', () => {
  it('finds checkout v4/v5’s extraheader and a token in a remote or insteadOf URL, naming the setting and file, never the value', async () => {
    const repo = makeRepo();
    git(repo, 'config', 'http.https://github.com/.extraheader', HEADER);
    git(repo, 'remote', 'add', 'origin', `https://x-access-token:${TOKEN}@github.com/o/r.git`);
    git(repo, 'config', `url.https://u:${TOKEN}@github.com/.insteadOf`, 'https://github.com/');
    const found = await persistedCredentials(repo);
    expect(found).toEqual([
      'http.https://github.com/.extraheader (.git/config)',
      'remote.origin.url (.git/config)',
      'url.https://***@github.com/.insteadof (.git/config)',
    ]);
    expect(found.join('\n')).not.toContain(TOKEN);
  });

  it('ignores what isolation hides (a credentials file included from outside the working copy, as checkout v6 keeps it under RUNNER_TEMP) and plain URLs', async () => {
    const repo = makeRepo();
    const runnerTemp = tempDir('runner-temp');
    const outside = runnerTemp.write(
      'git-credentials.config',
      `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`,
    );
    git(repo, 'config', `includeIf.gitdir:${join(repo, '.git')}.path`, outside);
    git(repo, 'remote', 'add', 'origin', 'https://github.com/o/r.git');
    expect(git(repo, 'config', '--get', 'http.https://github.com/.extraheader')).toBe(HEADER);
    expect(await persistedCredentials(repo)).toEqual([]);
  });

  it('a configuration that never finishes reading (an include of a FIFO) is refused at once, naming it, not taken as none', async () => {
    const repo = makeRepo();
    execFileSync('mkfifo', [join(repo, '.git', 'stalls')]);
    git(repo, 'config', 'include.path', 'stalls');
    const started = Date.now();
    const refused = await persistedCredentials(repo, 500).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PersistedCredentialsError);
    expect((refused as Error).message).toContain("could not read the working copy's git configuration");
    expect((refused as Error).message).toContain(`${join(repo, '.git', 'stalls')} is a FIFO`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a directory that is no repository has none', async () => {
    expect(await persistedCredentials(tempDir('no-repo').dir)).toEqual([]);
  });

  it("refuses a fork's code in a job with secrets unless isolation: none was chosen; otherwise warns; the message never holds the token", async () => {
    const repo = makeRepo();
    git(repo, 'config', 'http.https://github.com/.extraheader', HEADER);
    const options = {
      workdir: repo,
      checkName: 'truss / c',
      untrustedCode: true,
      isolationNoneChosen: false,
    };
    const refused = await checkPersistedCredentials(options).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PersistedCredentialsError);
    expect((refused as Error).message).toContain('persist-credentials: false');
    expect((refused as Error).message).not.toContain(TOKEN);
    const none = await checkPersistedCredentials({ ...options, isolationNoneChosen: true });
    expect(none).toContain('http.https://github.com/.extraheader (.git/config)');
    expect(await checkPersistedCredentials({ ...options, untrustedCode: false })).not.toContain(TOKEN);
    expect(await checkPersistedCredentials({ ...options, workdir: makeRepo() })).toBeNull();
  });
});
