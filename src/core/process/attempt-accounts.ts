import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { ensureEgressBlock } from './egress-block.js';
import { searchableUpTo } from './grant-workdir.js';
import { IsolationSetupError } from './isolation.js';
import type { SandboxAccount } from './isolation-uid.js';
import { ensureSandboxAccount, localAccount } from './sandbox-account.js';
import type { Privilege } from './sandbox-commands.js';

/** Fan-out runs at most 32 attempts (docs/fanout.md), so at most 32 side by side. */
const MAX_SLOTS = 32;

/**
 * The account of one fan-out attempt slot: `<base>-a<slot>` (`truss-sandbox-a1`,
 * `truss-sandbox-offline-a2`), a system user with a group of its own like the run's sandbox user.
 * Attempts that run side by side run as different accounts, so each attempt's working copy, clean
 * rooms, tool socket and scratch (granted to its account's group, closed to others) are out of
 * every other attempt's reach (docs/fanout.md "Where attempts work", docs/security.md).
 */
export function attemptAccountName(base: string, slot: number): string {
  if (!Number.isInteger(slot) || slot < 1 || slot > MAX_SLOTS)
    throw new IsolationSetupError(`fan-out attempt slot ${slot} is out of range (1–${MAX_SLOTS})`);
  return `${base}-a${slot}`;
}

/**
 * Ensures the slot's account exists (created as the run's sandbox user was) and, where egress is
 * blocked by an owner rule rather than a network namespace, that the rule covers it too: an account
 * without it would have the network open (fail closed).
 */
export async function attemptAccount(
  base: string,
  slot: number,
  privilege: Privilege,
  env: Record<string, string>,
  ownerRule: boolean,
): Promise<SandboxAccount> {
  const name = attemptAccountName(base, slot);
  const account = localAccount(name) ?? (await ensureSandboxAccount(name, privilege, env));
  if (ownerRule) {
    const failed = await ensureEgressBlock(account, privilege, env);
    if (failed !== null)
      throw new IsolationSetupError(
        `network = "none" cannot be enforced for ${name} (the account of fan-out attempt slot ${slot}): ${failed}`,
      );
  }
  return account;
}

/**
 * A working copy made like a clean room reads the run's repository's objects through
 * `.git/objects/info/alternates`. An attempt's account is not in the run's sandbox group, so the way
 * to those objects gets the search bit for others, as a working copy's ancestors do (grant-workdir.ts);
 * git's objects are readable by others as it writes them.
 */
export async function reachSharedObjects(
  dir: string,
  privilege: Privilege,
  env: Record<string, string>,
): Promise<void> {
  let text: string;
  try {
    text = await readFile(join(dir, '.git', 'objects', 'info', 'alternates'), 'utf8');
  } catch {
    return;
  }
  for (const line of text.split('\n')) {
    const path = line.trim();
    if (isAbsolute(path)) await searchableUpTo(path, privilege, env);
  }
}
