import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the suite's one fake GitHub App key lives: in the run's own temp dir (TMPDIR, set by the
 * global setup before the workers start), removed with it at the end.
 */
export function fakeAppKeyFile(): string {
  return join(tmpdir(), 'fake-github-app-key.pem');
}
