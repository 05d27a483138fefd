import type { SandboxAccount } from './isolation-uid.js';
import { asRoot, type Privilege } from './sandbox-commands.js';
import { findProgram } from './trusted-path.js';

/**
 * Installs (idempotently) the egress block for the offline sandbox user where no network namespace
 * can be made: every outbound packet of that uid is rejected, for IPv4 and IPv6, loopback included. A
 * rule cannot tell a check's own server on 127.0.0.1 from a host service there (a database, a
 * metadata or forwarding proxy, systemd-resolved's stub on 127.0.0.53 that forwards names to the
 * internet), so loopback is closed as a whole: on this path a check's own local servers are refused
 * too (docs/security.md, "Egress"). The rules are keyed to the dedicated uid, so they are left in
 * place (they affect nothing else) and re-checked on every run that needs them.
 */
export async function ensureEgressBlock(
  account: SandboxAccount,
  privilege: Privilege,
  env: Record<string, string>,
): Promise<string | null> {
  // Both tools are checked (and installed) side by side: the run waits for one round.
  const failures = await Promise.all(
    (
      [
        ['iptables', 'icmp-admin-prohibited'],
        ['ip6tables', 'icmp6-adm-prohibited'],
      ] as const
    ).map(([tool, reason]) => ensureRule(tool, reason, account, privilege, env)),
  );
  return failures.find((failure) => failure !== null) ?? null;
}

async function ensureRule(
  tool: 'iptables' | 'ip6tables',
  reason: string,
  account: SandboxAccount,
  privilege: Privilege,
  env: Record<string, string>,
): Promise<string | null> {
  // "Administratively prohibited": a blocked connect fails with EHOSTUNREACH, unlike a refused port.
  const rule = [
    'OUTPUT',
    '-m',
    'owner',
    '--uid-owner',
    String(account.uid),
    '-j',
    'REJECT',
    '--reject-with',
    reason,
  ];
  // As root the tool is run from this very PATH: when it is not there, nothing needs starting to
  // know it (under sudo its secure_path may still find it).
  if (privilege === 'root' && findProgram(tool, env.PATH ?? '') === null) return `${tool}: not installed`;
  const present = await asRoot(privilege, tool, ['-w', '5', '-C', ...rule], env);
  if (present.ok) return null;
  const added = await asRoot(privilege, tool, ['-w', '5', '-I', ...rule], env);
  if (!added.ok) return `${tool}: ${added.stderr.trim() || `exit ${added.code}`}`;
  return null;
}
