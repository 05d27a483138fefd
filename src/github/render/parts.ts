import {
  checkoutLine,
  contextLine,
  formatCount,
  isolationLine,
  type ReportClause,
  type ReportVote,
  type RunReport,
  selfValidationLine,
} from '../../core/run/index.js';
import { TRUSS_CLI } from '../../core/truss-cli.js';
import type { ClauseStatus } from '../../core/verify/index.js';
import type { Detail } from './budget.js';
import { findingsList } from './citations.js';
import {
  clipHead,
  clipTail,
  codeSpan,
  fencedBlock,
  htmlText,
  inlineText,
  safeUrl,
  shellQuote,
} from './escape.js';
import { memoryLines } from './memory.js';
import type { ReportLinks } from './types.js';

/** Building blocks shared by the check run, sticky comment and job summary renderers. */

export const STATUS_EMOJI: Record<ClauseStatus, string> = { met: '✅', not_met: '❌', unverifiable: '❔' };
const STATUS_LABEL: Record<ClauseStatus, string> = {
  met: 'met',
  not_met: 'not met',
  unverifiable: 'unverifiable',
};

export const OVERALL_EMOJI: Record<RunReport['overall'], string> = {
  pass: '✅',
  fail: '❌',
  unverifiable: '❔',
  failed_run: '⛔',
  suspended: '⏸️',
};
export const OVERALL_WORD: Record<RunReport['overall'], string> = {
  pass: 'PASS',
  fail: 'FAIL',
  unverifiable: 'UNVERIFIABLE',
  failed_run: 'RUN FAILED',
  suspended: 'SUSPENDED',
};

export const SCRIPTED_BANNER = 'panel is SCRIPTED — fixture answers, not a model';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function count(clauses: readonly ReportClause[], status: ClauseStatus): number {
  return clauses.filter((c) => c.status === status).length;
}

/** "4/4 clauses met", "1 of 3 clauses not met", "2 of 3 clauses unverifiable", "no verdict". */
export function countsPhrase(report: RunReport): string {
  const n = report.clauses.length;
  const noun = n === 1 ? 'clause' : 'clauses';
  switch (report.overall) {
    case 'pass':
      return `${count(report.clauses, 'met')}/${n} ${noun} met`;
    case 'fail':
      return `${count(report.clauses, 'not_met')} of ${n} ${noun} not met`;
    case 'unverifiable':
      return `${count(report.clauses, 'unverifiable')} of ${n} ${noun} unverifiable`;
    case 'failed_run':
      return 'no verdict';
    case 'suspended':
      return 'awaiting approval';
  }
}

/** The check run title: short, no untrusted text. */
export function titleFor(report: RunReport): string {
  const scripted = report.scripted ? ' · SCRIPTED panel' : '';
  return `${OVERALL_WORD[report.overall]} · ${countsPhrase(report)}${scripted}`;
}

/**
 * The verdict a check run title written by {@link titleFor} names, or null for any other title (a
 * run that could not finish, a skipped or queued check): how `/truss run failed` reads past runs.
 */
export function verdictInTitle(title: string | null | undefined): RunReport['overall'] | null {
  const word = title?.split(' · ', 1)[0];
  const found = Object.entries(OVERALL_WORD).find(([, w]) => w === word);
  return found ? (found[0] as RunReport['overall']) : null;
}

export function contractLabel(report: RunReport): string {
  const title = report.title ? ` — ${inlineText(report.title, 200)}` : '';
  return `${codeSpan(report.contractId)}${title}`;
}

/** Headline line: emoji, verdict word, contract and counts. */
export function headline(report: RunReport, level: '##' | '###' = '##'): string {
  return `${level} ${OVERALL_EMOJI[report.overall]} ${OVERALL_WORD[report.overall]} · ${contractLabel(report)} · ${countsPhrase(report)}`;
}

/** Things a reader must not miss: a scripted panel, a crashed run, a forced verdict. */
export function banners(report: RunReport, detail: Detail): string[] {
  const out: string[] = [];
  if (report.scripted) {
    out.push(
      `> [!WARNING]\n> 🧪 **This ${SCRIPTED_BANNER}.** The review votes below replay a fixture file; they are a demo or a test, not an independent review.`,
    );
  }
  if (report.runError !== null) {
    out.push(
      `> [!CAUTION]\n> ⛔ **The run failed before a verdict** (fail-closed, never a PASS): ${inlineText(report.runError, Math.max(detail.cellChars, 500))}`,
    );
  }
  if (report.suspension !== null) {
    out.push(
      `> [!IMPORTANT]\n> ⏸️ **Suspended at seq ${report.suspension.seq}: ${inlineText(report.suspension.reason, 500)}**\n> To release it, a maintainer with write access comments ${codeSpan('/truss approve [note]')} (or ${codeSpan('/truss reject [note]')}) on the pull request, or approves it in a review; the run then resumes from its ledger artifact, which is verified first. Nothing after the gate ran.`,
    );
  }
  if (report.changes !== null) {
    const c = report.changes;
    const where = c.pullRequestUrl
      ? `opened ${safeUrl(c.pullRequestUrl) ?? inlineText(c.pullRequestUrl, 200)}`
      : c.branch
        ? `on branch ${codeSpan(c.branch)}`
        : '';
    const commit = c.commit ? ` commit ${codeSpan(c.commit.slice(0, 12))}` : '';
    out.push(
      `> 📤 **Changes (${inlineText(c.mode, 20)}): ${inlineText(c.status, 40)}**${commit} ${where}${c.detail ? ` — ${inlineText(c.detail, 300)}` : ''}`.trimEnd(),
    );
  }
  if (report.isolation !== null) {
    const line = isolationLine(report.isolation);
    out.push(
      report.isolation.level === 'none'
        ? `> [!WARNING]\n> 🔓 **${line}.** See docs/security.md.`
        : `> 🔒 ${line}`,
    );
  }
  if (report.forced.length > 0) {
    const reasons = report.forced
      .map((f) => `> - ${inlineText(f, Math.max(detail.cellChars, 300))}`)
      .join('\n');
    out.push(
      `> [!CAUTION]\n> ⚠️ **Verdict forced to ${OVERALL_WORD[report.overall]}** (fail-closed):\n${reasons}`,
    );
  }
  return out;
}

export function intentQuote(report: RunReport, maxChars: number): string | null {
  if (!report.intent.trim()) return null;
  return `> **Intent:** ${inlineText(report.intent, maxChars)}`;
}

/** Rows kept when the table must shrink: failing rows first, then unverifiable, then met. */
function visibleClauses(report: RunReport, maxRows: number): ReportClause[] {
  if (report.clauses.length <= maxRows) return report.clauses;
  const rank: Record<ClauseStatus, number> = { not_met: 0, unverifiable: 1, met: 2 };
  const kept = new Set(
    [...report.clauses]
      .sort((a, b) => rank[a.status] - rank[b.status] || a.index - b.index)
      .slice(0, maxRows)
      .map((c) => c.index),
  );
  return report.clauses.filter((c) => kept.has(c.index));
}

export function clauseTable(report: RunReport, detail: Detail): string {
  if (report.clauses.length === 0) {
    return report.overall === 'failed_run'
      ? '_No clause was judged: the run ended without a verdict._'
      : '_The contract has no clauses._';
  }
  const rows = visibleClauses(report, detail.maxRows).map(
    (c) =>
      `| ${c.index + 1} | ${STATUS_EMOJI[c.status]} ${STATUS_LABEL[c.status]} | ${c.kind} | ${inlineText(c.desc, detail.cellChars)} | ${inlineText(c.reason, detail.cellChars)} |`,
  );
  const lines = ['| # | Result | Kind | Clause | Reason |', '| ---: | --- | --- | --- | --- |', ...rows];
  const hidden = report.clauses.length - rows.length;
  if (hidden > 0) {
    const shown = new Set(visibleClauses(report, detail.maxRows).map((c) => c.index));
    const rest = report.clauses.filter((c) => !shown.has(c.index));
    const tally = (['met', 'not_met', 'unverifiable'] as const)
      .map((s) => [s, count(rest, s)] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${STATUS_LABEL[s]}`)
      .join(', ');
    lines.push('', `_… ${plural(hidden, 'more clause')} not shown (${tally})._`);
  }
  return lines.join('\n');
}

export function evidenceNotes(report: RunReport, detail: Detail): string | null {
  const items = report.clauses.flatMap((c) =>
    c.evidenceNotes.map((note) => `- Clause ${c.index + 1}: ${inlineText(note, detail.cellChars)}`),
  );
  if (items.length === 0) return null;
  const shown = items.slice(0, Math.max(10, Math.min(items.length, detail.maxRows)));
  if (shown.length < items.length) shown.push(`- _… ${items.length - shown.length} more notes not shown._`);
  return `**⚠️ Evidence limits hit** (reviewers saw less than everything):\n\n${shown.join('\n')}`;
}

/**
 * Where the harness ran the checks and, per check, what the agent's own run (`run_checks`) saw
 * beside what the harness saw — "agent saw pass, harness saw fail" is the signal a reader needs.
 */
export function checksProvenance(report: RunReport, detail: Detail): string | null {
  const lines: string[] = [];
  const where = checkoutLine(report.checkout);
  if (where) lines.push(`- ${inlineText(where, Math.max(detail.cellChars, 300))}`);
  for (const clause of report.clauses) {
    const line = selfValidationLine(clause);
    if (line) lines.push(`- Clause ${clause.index + 1}: ${inlineText(line, detail.cellChars)}`);
  }
  return lines.length > 0 ? `**Checks provenance**\n\n${lines.join('\n')}` : null;
}

function voteTally(votes: readonly ReportVote[]): string {
  return (['met', 'not_met', 'unverifiable'] as const)
    .map((s) => [s, votes.filter((v) => v.vote === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${STATUS_LABEL[s]}`)
    .join(' · ');
}

/** Panel votes per review clause, collapsed in one <details>; null when there are none or omitted. */
export function votesSection(report: RunReport, detail: Detail): string | null {
  const reviewed = report.clauses.filter((c) => c.votes.length > 0);
  if (reviewed.length === 0 || !detail.showVotes) return null;
  const seats = reviewed.reduce((n, c) => n + c.votes.length, 0);
  const withReasoning = detail.reasoningChars > 0;
  const blocks = reviewed.map((c) => {
    const header = withReasoning
      ? '| Seat | Lens | Provider / model | Vote | Reasoning |\n| ---: | --- | --- | --- | --- |'
      : '| Seat | Lens | Provider / model | Vote |\n| ---: | --- | --- | --- |';
    const rows = c.votes.map((v) => {
      const cells = [
        String(v.seat + 1),
        inlineText(v.lens, 40),
        `${inlineText(v.provider, 60)} / ${inlineText(v.model, 80)}`,
        `${STATUS_EMOJI[v.vote] ?? '❔'} ${STATUS_LABEL[v.vote] ?? inlineText(String(v.vote), 20)}`,
      ];
      if (withReasoning) cells.push(inlineText(v.reasoning, detail.reasoningChars) || '_(none)_');
      return `| ${cells.join(' | ')} |`;
    });
    const title = `**Clause ${c.index + 1}** ${STATUS_EMOJI[c.status]} ${inlineText(c.desc, Math.min(detail.cellChars, 200))} — ${voteTally(c.votes)}`;
    const findings = withReasoning ? findingsList(c, detail.reasoningChars) : null;
    return `${title}\n\n${header}\n${rows.join('\n')}${findings ? `\n\n${findings}` : ''}`;
  });
  const scripted = report.scripted ? ' · ⚠️ SCRIPTED' : '';
  return `<details>\n<summary>🗳️ Panel votes · ${plural(reviewed.length, 'review clause')} · ${plural(seats, 'seat')}${scripted}</summary>\n\n${blocks.join('\n\n')}\n\n</details>`;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** Command, exit status and output tails of each check clause, failing ones expanded. */
export function checkDetails(report: RunReport, detail: Detail, onlyFailing: boolean): string | null {
  const checks = report.clauses.filter(
    (c) => c.kind === 'check' && c.check !== null && (!onlyFailing || c.status !== 'met'),
  );
  if (checks.length === 0 || detail.tailChars === 0) return null;
  const blocks = checks.map((c) => {
    const check = c.check as NonNullable<ReportClause['check']>;
    const exit = check.timedOut ? 'timed out' : `exit ${check.exitCode ?? '?'}`;
    const parts = [
      `<details${c.status === 'met' ? '' : ' open'}>`,
      `<summary>${STATUS_EMOJI[c.status]} Clause ${c.index + 1} · ${exit} · ${seconds(check.durationMs)} · ${htmlText(c.desc, 120)}</summary>`,
      '',
      fencedBlock(clipHead(check.run, 2000), 'sh'),
    ];
    for (const [name, tail] of [
      ['stdout', check.stdoutTail],
      ['stderr', check.stderrTail],
    ] as const) {
      if (!tail.trim()) continue;
      parts.push('', `${name} (tail):`, '', fencedBlock(clipTail(tail, detail.tailChars)));
    }
    parts.push('', '</details>');
    return parts.join('\n');
  });
  return blocks.join('\n\n');
}

function runLocator(runUrl: string): { runId: string; repo: string } | null {
  try {
    const url = new URL(runUrl);
    const match = /^\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)/.exec(url.pathname);
    if (!match) return null;
    const host = url.hostname === 'github.com' ? '' : `${url.host}/`;
    return { runId: match[3] as string, repo: `${host}${match[1]}/${match[2]}` };
  } catch {
    return null;
  }
}

/** The exact commands to check the verdict offline, and what the printed key does and does not prove. */
export function verifySection(links: ReportLinks, level: '###' | '####' = '###'): string {
  const bundle = shellQuote(links.bundleFileName);
  const commands: string[] = [];
  const prose: string[] = [];
  const located = links.runUrl ? runLocator(links.runUrl) : null;
  const artifactUrl = safeUrl(links.artifactUrl);
  if (links.artifactName && located) {
    commands.push(
      `gh run download ${located.runId} -R ${shellQuote(located.repo)} -n ${shellQuote(links.artifactName)}`,
    );
  } else if (links.artifactName) {
    const where = artifactUrl
      ? `[${inlineText(links.artifactName)}](${artifactUrl})`
      : codeSpan(links.artifactName);
    prose.push(`Download the ${where} artifact of this workflow run, then:`);
  } else {
    prose.push('Download the ledger bundle artifact of this workflow run, then:');
  }
  commands.push(`${TRUSS_CLI} verify ${bundle} --key ${shellQuote(links.publicKey)}`);
  const keyNote = links.trustedKeysHint
    ? `Signed by key ${codeSpan(links.keyId)}. This repository pins its signing keys in ${codeSpan('.truss/trusted-keys')}: from a checkout, ${codeSpan(`${TRUSS_CLI} verify ${bundle}`)} checks against that file instead of the key printed here.`
    : `Signed by key ${codeSpan(links.keyId)}. The ${codeSpan('--key')} above is the key this run reports; it proves the bundle is intact and signed by it. Pin a key you obtained independently (e.g. in ${codeSpan('.truss/trusted-keys')}) to trust the verdict itself.`;
  return [
    `${level} 🔏 Verify it yourself`,
    '',
    ...prose,
    ...(prose.length ? [''] : []),
    fencedBlock(commands.join('\n'), 'sh'),
    '',
    keyNote,
  ].join('\n');
}

/** Links to the check run, workflow run and artifact, as one line; null when there are none. */
/**
 * Points at the self-verifying HTML report inside the ledger artifact (GitHub cannot link to a file
 * inside an artifact, so this links the artifact and names the file). Null when there is no report
 * or no artifact to find it in.
 */
export function reportLine(links: ReportLinks): string | null {
  if (!links.reportFileName || !links.artifactName) return null;
  const artifactUrl = safeUrl(links.artifactUrl);
  const name = codeSpan(links.artifactName);
  const artifact = artifactUrl ? `[${name}](${artifactUrl})` : name;
  return `📄 **Readable report:** open ${codeSpan(links.reportFileName)} from the ${artifact} artifact in a browser. It shows this verdict with all its evidence and re-checks every hash and signature of the ledger itself, offline.`;
}

export function linksLine(links: ReportLinks, includeCheckRun: boolean): string | null {
  const items: string[] = [];
  const check = safeUrl(links.checkRunUrl);
  const run = safeUrl(links.runUrl);
  const artifact = safeUrl(links.artifactUrl);
  if (includeCheckRun && check) items.push(`[Check run](${check})`);
  if (run) items.push(`[Workflow run](${run})`);
  if (links.artifactName) {
    const name = codeSpan(links.artifactName);
    items.push(artifact ? `Ledger artifact [${name}](${artifact})` : `Ledger artifact ${name}`);
  } else if (artifact) {
    items.push(`[Ledger artifact](${artifact})`);
  }
  return items.length ? items.join(' · ') : null;
}

export function formatUsd(cost: number): string {
  return `$${(Number.isFinite(cost) ? cost : 0).toFixed(4)}`;
}

export function formatTokens(tokens: number): string {
  return formatCount(tokens);
}

/** Cost, tokens and identifiers of the run as a bullet list. */
export function factsList(report: RunReport, links: ReportLinks): string {
  const items = [
    `- **Cost:** ${formatUsd(report.costUsd)} · **Tokens:** ${formatTokens(report.totalTokens)}`,
    // The agent's context (docs/context.md): peak pressure, compactions, re-pins, cache use.
    ...(report.context ? [`- **Context:** ${contextLine(report.context)}`] : []),
    // Governed memory (docs/memory.md): what the executor was told, what the run proposed.
    ...memoryLines(report, links.trigger),
    `- **Session:** ${codeSpan(report.sessionId)}`,
    `- **Ledger head hash:** ${report.headHash ? codeSpan(report.headHash) : '_none_'}`,
    `- **Contract hash:** ${report.contractHash ? codeSpan(report.contractHash) : '_unknown_'}`,
  ];
  if (report.git?.head_sha) {
    const base = report.git.base_sha ? ` (base ${codeSpan(report.git.base_sha)})` : '';
    items.push(`- **Commit:** ${codeSpan(report.git.head_sha)}${base}`);
  }
  items.push(`- **Signing key:** ${codeSpan(links.keyId)}`);
  const line = linksLine(links, false);
  if (line) items.push(`- ${line}`);
  return items.join('\n');
}
