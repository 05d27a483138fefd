/// <reference lib="dom" />
import type { Bundle } from '../../ledger/bundle.js';
import type { LedgerEntry } from '../../ledger/entry.js';
import { ANNOTATION_KINDS } from '../../ledger/entry-hash.js';
import { contractSummary, type PayloadOf, tryReadEntry } from '../../ledger/entry-kinds.js';
import { readHumanReview } from '../../ledger/human-review-payload.js';
import { judgedCommitOf, reviewsAnotherCommit } from '../../ledger/reviewed-commit.js';
import { contextLine } from '../../run/context-report.js';
import { memoryEntryLabel } from '../../run/memory-report.js';
import { checkoutLine, isolationLine, type RunReport, selfValidationLine } from '../../run/run-report.js';
import { spanLines } from '../../verify/injection-span.js';
import { citationsBlock } from './citations-view.js';
import { h, short, text } from './dom.js';

const VERDICT_LABEL: Record<RunReport['overall'], string> = {
  pass: 'PASS',
  fail: 'FAIL',
  unverifiable: 'UNVERIFIABLE',
  failed_run: 'RUN FAILED',
  suspended: 'SUSPENDED',
};

const STATUS_LABEL: Record<string, string> = {
  met: '✔ met',
  not_met: '✘ not met',
  unverifiable: '? unverifiable',
};

/** Model and tool entries: the transcript, shown only on request. */
export function isTranscript(kind: string): boolean {
  // context_layers: one per model step, the sizes of what it was sent (docs/context.md).
  return /^(model|tool)_/.test(kind) || kind === 'context_layers';
}

/** The machine verdict: overall outcome, contract title and intent, clause counts. */
export function verdictCard(report: RunReport): HTMLElement {
  const counts = { met: 0, not_met: 0, unverifiable: 0 } as Record<string, number>;
  for (const clause of report.clauses) counts[clause.status] = (counts[clause.status] ?? 0) + 1;
  return h(
    'section',
    {
      class: 'card verdict',
      id: 'verdict-card',
      'data-overall': report.overall,
      'aria-labelledby': 'verdict-h',
    },
    h('h2', { id: 'verdict-h', class: 'eyebrow' }, 'Machine verdict'),
    h('p', { class: 'verdict-badge', id: 'verdict' }, VERDICT_LABEL[report.overall]),
    h('p', { class: 'contract-title' }, report.title ?? report.contractId),
    h('blockquote', { class: 'intent' }, report.intent || 'no intent recorded'),
    h(
      'p',
      { class: 'muted' },
      `${counts.met ?? 0} met · ${counts.not_met ?? 0} not met · ${counts.unverifiable ?? 0} unverifiable`,
    ),
    report.runError ? h('p', { class: 'banner bad' }, `Run failed: ${report.runError}`) : null,
    ...report.forced.map((reason) => h('p', { class: 'banner bad' }, `Forced FAIL: ${reason}`)),
    report.scripted
      ? h('p', { class: 'banner warn' }, 'The panel is scripted (replayed fixture answers, not a model).')
      : null,
    h('p', { class: 'untrusted-note', id: 'untrusted-note', hidden: '' }, ''),
  );
}

/** Human sign-offs, beside the machine verdict; stale when they attest an older head. */
export function signOffCard(entries: readonly LedgerEntry[]): HTMLElement {
  const reviewableHead = [...entries].reverse().find((e) => !ANNOTATION_KINDS.has(e.kind))?.entry_hash;
  const judged = judgedCommitOf(entries.filter((e) => !ANNOTATION_KINDS.has(e.kind)));
  const reviews = entries.filter((e) => e.kind === 'human_review');
  const list = h('ul', { class: 'signoffs' });
  for (const entry of reviews) {
    const p = entry.payload;
    // The strict reader shared with the verifier and the gates (docs/ledger.md "Human sign-off"):
    // a decision that is not exactly one of the three strings is shown as malformed, never as approved.
    const read = readHumanReview(p);
    if ('error' in read) {
      list.append(
        h(
          'li',
          { class: 'signoff malformed', 'data-seq': String(entry.seq) },
          h('strong', null, 'malformed review'),
          h('span', { class: 'pill bad' }, 'not a decision'),
          h('span', { class: 'muted small' }, ` seq ${entry.seq} · ${read.error}`),
          h('span', { class: 'signoff-trust small' }, ''),
        ),
      );
      continue;
    }
    const review = read.review;
    const olderHead = review.attested_head_hash !== reviewableHead;
    const otherCommit = reviewsAnotherCommit(review.source, judged);
    const stale = olderHead || otherCommit;
    const actor = review.actor?.login;
    list.append(
      h(
        'li',
        { class: `signoff ${stale ? 'stale' : 'current'}`, 'data-seq': String(entry.seq) },
        h('strong', null, review.decision.replace('_', ' ')),
        ` by ${text(actor ?? 'unknown')} `,
        h('span', { class: `pill ${stale ? 'warn' : 'good'}` }, stale ? 'stale' : 'current'),
        h(
          'span',
          { class: 'muted small' },
          ` seq ${entry.seq} · key ${review.reviewer_key_id} · attests ${short(review.attested_head_hash)}`,
        ),
        h('span', { class: 'signoff-trust small' }, ''),
        review.note ? h('blockquote', null, review.note) : null,
        stale
          ? h(
              'p',
              { class: 'small' },
              olderHead
                ? 'Stale: the ledger gained evidence after this sign-off, so it does not cover the current head.'
                : `Stale: this sign-off reviewed commit ${short(String(review.source?.commit_sha))}, but the run judged commit ${short(String(judged))}.`,
            )
          : null,
      ),
    );
  }
  return h(
    'section',
    { class: 'card', id: 'signoffs', 'aria-labelledby': 'signoffs-h' },
    h('h2', { id: 'signoffs-h', class: 'eyebrow' }, 'Human sign-offs'),
    reviews.length ? list : h('p', { class: 'muted' }, 'No human sign-off recorded in this ledger.'),
  );
}

/** Definition of done: one row per clause, its evidence one keypress away. */
export function clausesSection(report: RunReport): HTMLElement {
  const rows = report.clauses.map((clause) => {
    const evidence = h('details', { class: 'evidence' }, h('summary', null, 'Evidence'));
    if (clause.check) {
      const c = clause.check;
      evidence.append(
        h(
          'dl',
          { class: 'facts' },
          h('dt', null, 'Command'),
          h('dd', null, h('code', null, c.run)),
          h('dt', null, 'Exit code'),
          h('dd', null, c.timedOut ? 'timed out' : text(c.exitCode ?? 'none')),
          h('dt', null, 'Duration'),
          h('dd', null, `${Math.round(c.durationMs)} ms`),
        ),
        h('p', { class: 'small muted' }, 'Output tail'),
        h('pre', { class: 'tail' }, [c.stdoutTail, c.stderrTail].filter(Boolean).join('\n') || '(no output)'),
      );
    }
    const seen = selfValidationLine(clause);
    if (seen) {
      // The agent's own run (run_checks) beside the harness's: evidence, never the verdict.
      evidence.open = evidence.open || clause.selfValidation.at(-1)?.met !== (clause.status === 'met');
      evidence.append(
        h('p', { class: 'self-validation' }, seen),
        ...clause.selfValidation.map((run) =>
          h(
            'p',
            { class: 'small muted' },
            `agent run at seq ${run.seq}: ${run.summary}${run.workdirHash ? ` (working copy tree ${short(run.workdirHash)})` : ''}`,
          ),
        ),
      );
    }
    if (clause.kind === 'review') {
      const table = h(
        'table',
        { class: 'votes' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ...['Seat', 'Lens', 'Model', 'Vote', 'Reasoning'].map((t) => h('th', { scope: 'col' }, t)),
          ),
        ),
      );
      const body = h('tbody', null);
      for (const vote of clause.votes) {
        body.append(
          h(
            'tr',
            { 'data-vote': vote.vote },
            h('td', { 'data-label': 'Seat' }, String(vote.seat + 1)),
            h('td', { 'data-label': 'Lens' }, vote.lens),
            h('td', { 'data-label': 'Model' }, `${vote.provider}/${vote.model}`),
            h('td', { 'data-label': 'Vote' }, STATUS_LABEL[vote.vote] ?? vote.vote),
            h('td', { class: 'reasoning', 'data-label': 'Reasoning' }, vote.reasoning),
          ),
        );
      }
      table.append(body);
      const findings = citationsBlock(clause);
      evidence.append(
        clause.votes.length ? table : h('p', { class: 'muted' }, 'No votes recorded.'),
        ...(findings ? [findings] : []),
        h('p', null, `Majority: ${STATUS_LABEL[clause.status] ?? clause.status}`),
        ...clause.evidenceNotes.map((note) => h('p', { class: 'small muted' }, note)),
      );
    }
    return h(
      'tr',
      { class: 'clause-row', 'data-status': clause.status, 'data-kind': clause.kind },
      h('td', { 'data-label': '#' }, String(clause.index + 1)),
      h('td', { 'data-label': 'Kind' }, clause.kind),
      h(
        'td',
        { 'data-label': 'Status' },
        h('span', { class: `pill ${clause.status}` }, STATUS_LABEL[clause.status] ?? clause.status),
      ),
      h(
        'td',
        null,
        h('p', { class: 'desc' }, clause.desc),
        clause.reason ? h('p', { class: 'small muted' }, clause.reason) : null,
        injectionBlock(clause),
        evidence,
      ),
    );
  });
  return h(
    'section',
    { 'aria-labelledby': 'done-h' },
    h('h2', { id: 'done-h' }, 'Definition of done'),
    rows.length
      ? h(
          'div',
          { class: 'scroll' },
          h(
            'table',
            { class: 'clauses' },
            h(
              'thead',
              null,
              h('tr', null, ...['#', 'Kind', 'Status', 'Clause'].map((t) => h('th', { scope: 'col' }, t))),
            ),
            h('tbody', null, ...rows),
          ),
        )
      : h('p', { class: 'muted' }, 'No clause was judged (the run has no verdict).'),
  );
}

/** Cost, tokens and steps against the contract's budget; git SHAs; the diff summary. */
export function runSection(bundle: Bundle, report: RunReport): HTMLElement {
  const entries = bundle.ledger.entries;
  const budget =
    contractSummary(entries.find((e) => e.kind === 'run_started')?.payload.contract).budget ?? {};
  const work = lastExecutorResult(entries);
  const modelCalls = entries.filter((e) => e.kind === 'model_result').length;
  const steps = work?.steps ?? modelCalls;
  const of = (limit: number | null | undefined, unit = '') =>
    typeof limit === 'number' ? ` of ${unit}${limit}` : ' (no limit)';
  const facts: Array<[string, string | HTMLElement]> = [
    ['Cost', `$${report.costUsd.toFixed(4)}${of(budget.max_cost_usd, '$')}`],
    ['Tokens', `${report.totalTokens.toLocaleString('en-US')}${of(budget.max_total_tokens)}`],
    ['Steps', `${steps}${of(budget.max_steps)}`],
    ['Repository', text(report.git?.repo ?? '—')],
    ['Base SHA', text(report.git?.base_sha ?? '—')],
    ['Head SHA', text(report.git?.head_sha ?? '—')],
    // What the judged work could reach (docs/security.md), as run_started signed it.
    ['Isolation', report.isolation ? isolationLine(report.isolation) : 'not recorded by this ledger'],
  ];
  // The in-loop agent's context (docs/context.md): peak pressure against the window, compactions.
  if (report.context) facts.push(['Context', contextLine(report.context)]);
  // Governed memory (docs/memory.md): what the executor was told, what was left out, what was proposed.
  const memory = report.memory;
  if (memory) {
    const names = (list: Parameters<typeof memoryEntryLabel>[0][]) =>
      list.length ? list.map(memoryEntryLabel).join(', ') : 'none';
    facts.push([
      'Memory recalled',
      `${names(memory.recalled)} (${memory.recallTokens} tokens, executor only)`,
    ]);
    if (memory.ignored.length)
      facts.push([
        'Memory ignored',
        memory.ignored.map((e) => `${memoryEntryLabel(e)}: ${e.reason}`).join('; '),
      ]);
    if (memory.proposed.length) facts.push(['Memory proposed (unverified)', names(memory.proposed)]);
  }
  if (work) {
    const changed = work.changed_files ?? [];
    const stat = work.diff_stat;
    const size = work.diff_bytes !== undefined ? `, ${work.diff_bytes} bytes of diff` : '';
    const lines = stat
      ? `, +${text(stat.insertions ?? stat.added ?? 0)} −${text(stat.deletions ?? stat.removed ?? 0)}`
      : '';
    facts.push(['Diff', `${changed.length} file${changed.length === 1 ? '' : 's'} changed${lines}${size}`]);
    // One isolated element per name: a right-to-left name cannot reorder its neighbours in the list.
    if (changed.length)
      facts.push([
        'Changed files',
        h(
          'span',
          null,
          ...changed.slice(0, 200).flatMap((name, i) => [i ? ', ' : null, h('bdi', null, name)]),
        ),
      ]);
    if (work.failure) facts.push(['Executor failure', work.failure]);
  } else {
    facts.push(['Diff', 'no executor ran (the working tree was judged as it was)']);
  }
  const where = checkoutLine(report.checkout);
  if (where) facts.push(['Checks ran', where]);
  facts.push(
    ['Session', bundle.ledger.session_id],
    ['Contract hash', report.contractHash ?? '—'],
    ['Head hash', text(bundle.ledger.head_hash)],
  );
  return h(
    'section',
    { 'aria-labelledby': 'run-h' },
    h('h2', { id: 'run-h' }, 'Budget, commits and diff'),
    h(
      'dl',
      { class: 'facts', id: 'run-facts' },
      ...facts.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)]),
    ),
  );
}

/** The last executor_result that reads as one (a malformed one already fails the report). */
function lastExecutorResult(entries: readonly LedgerEntry[]): PayloadOf<'executor_result'> | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as LedgerEntry;
    if (entry.kind !== 'executor_result') continue;
    const read = tryReadEntry(entry, 'executor_result');
    return 'payload' in read ? read.payload : undefined;
  }
  return undefined;
}

/**
 * Suspected prompt injection and hidden characters of a review clause, outside the collapsed
 * evidence so nobody misses them; spans are quoted as the panel read them (⟦…⟧ marks).
 */
function injectionBlock(clause: RunReport['clauses'][number]): HTMLElement | null {
  const injection = clause.injection;
  const hidden = clause.hiddenText ?? [];
  if (!injection && hidden.length === 0) return null;
  const box = h('div', {
    class: `banner ${injection?.withheldMet ? 'bad' : 'warn'} injection`,
    'data-injection': injection ? injection.policy : 'hidden-text',
  });
  if (injection) {
    box.append(
      h(
        'p',
        null,
        h(
          'strong',
          null,
          `Suspected prompt injection (${injection.total} span${injection.total === 1 ? '' : 's'}). `,
        ),
        injection.withheldMet
          ? 'Model votes alone cannot make this clause met; a maintainer accepts the evidence by approving the pull request in a review at this head (a signed human_review, listed under Human sign-offs).'
          : injection.policy === 'annotate'
            ? 'Policy annotate: marked only.'
            : 'The votes did not make the clause met anyway.',
      ),
      h(
        'ul',
        { class: 'injection-spans' },
        ...injection.spans.map((span) =>
          h(
            'li',
            null,
            h(
              'code',
              null,
              span.line === null
                ? span.path || span.source
                : `${span.path || span.source}:${spanLines(span)}`,
            ),
            ` ${span.rule}: `,
            h('code', { class: 'span-match' }, span.match),
          ),
        ),
      ),
    );
    if (injection.reportedBySeats.length > 0) {
      box.append(
        h(
          'p',
          { class: 'small' },
          `Seat ${injection.reportedBySeats.join(', ')} (shortcuts lens) reported text aimed at automated reviewers.`,
        ),
      );
    }
  }
  if (hidden.length > 0) {
    box.append(
      h(
        'p',
        { class: 'small' },
        `Hidden characters made visible to the panel as ⟦…⟧ marks: ${hidden.map((x) => `${x.path || x.source} ${x.total}`).join(', ')}`,
      ),
    );
  }
  return box;
}
