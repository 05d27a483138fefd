import { readFileSync } from 'node:fs';
import { IsolationSetupError } from './isolation.js';
import type { SandboxAccount } from './isolation-uid.js';
import { asRoot, type Privilege, runCommand } from './sandbox-commands.js';

/**
 * The account's ids from the local `/etc/passwd` (where `useradd --system` puts it), read without
 * starting a process; null when it is not there (another NSS source may still know it: ask `id`).
 */
export function localAccount(name: string, passwdFile = '/etc/passwd'): SandboxAccount | null {
  let text: string;
  try {
    text = readFileSync(passwdFile, 'utf8');
  } catch {
    return null;
  }
  for (const line of text.split('\n')) {
    const fields = line.split(':');
    if (fields[0] !== name || fields.length < 4) continue;
    const uid = Number(fields[2]);
    const gid = Number(fields[3]);
    if (!Number.isInteger(uid) || !Number.isInteger(gid) || fields[2] === '' || fields[3] === '') return null;
    return { name, uid, gid };
  }
  return null;
}

/**
 * Ensures the sandbox user exists (creating a system user with no home and no login shell) and
 * returns its ids. Two harnesses creating it at once is fine: a lost race re-reads the ids.
 */
export async function ensureSandboxAccount(
  name: string,
  privilege: Privilege,
  env: Record<string, string>,
): Promise<SandboxAccount> {
  const read = async (): Promise<SandboxAccount | null> => {
    const local = localAccount(name);
    if (local) return local;
    const uid = await runCommand('id', ['-u', name], env);
    const gid = await runCommand('id', ['-g', name], env);
    if (!uid.ok || !gid.ok) return null;
    return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const existing = await read();
  if (existing) return existing;
  const created = await asRoot(
    privilege,
    'useradd',
    [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      name,
    ],
    env,
  );
  const after = await read();
  if (after) return after;
  throw new IsolationSetupError(
    `could not create the sandbox user ${name}: ${created.stderr.trim() || `useradd exited ${created.code}`}. ` +
      `Create it yourself (useradd --system --user-group ${name}) or choose isolation = "bwrap".`,
  );
}
