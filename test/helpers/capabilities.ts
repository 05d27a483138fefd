import { existsSync } from 'node:fs';

/** Debian's `chromium` package; `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = process.env.TRUSS_CHROMIUM ?? '/usr/bin/chromium';

/**
 * What this machine lacks for the full suite, said in words a developer can act on. Under CI a
 * missing browser fails the browser suites instead (they never skip there).
 */
export function capabilityNotices(): string[] {
  const notices: string[] = [];
  if (!existsSync(CHROMIUM_PATH) && !process.env.CI) {
    notices.push(
      `browser tests of the HTML report are SKIPPED: Chromium not found at ${CHROMIUM_PATH} ` +
        '(apt-get install -y chromium, or set TRUSS_CHROMIUM); CI=true makes them fail instead of skip',
    );
  }
  return notices;
}
