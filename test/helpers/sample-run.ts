import type { LedgerStore, Signer } from '../../src/core/ledger/index.js';

/** Payloads shaped like a real verify-only run: what `truss run` journals for a two-clause contract. */
export const SAMPLE_CONTRACT = {
  id: 'greeting-0001',
  title: 'Write a greeting file',
  intent: 'Create greeting.txt containing exactly: hello from the harness',
  done: [
    {
      kind: 'check',
      desc: 'greeting.txt has the exact line',
      run: "printf 'hello from the harness\\n' | cmp - greeting.txt",
    },
    { kind: 'review', desc: 'the greeting reads naturally' },
  ],
};

/**
 * Appends a complete, terminal run (run_started … run_completed) and returns the session id. With
 * `headSha` the run judged that commit, as the Action's runs do (run_started and the verdict name
 * it; `verdictGit: false` leaves it out of the verdict, as runs before the verdict carried git did); null
 * records no git at all; without it run_started names commit 22…2 and the verdict none.
 */
export function appendSampleRun(
  store: LedgerStore,
  signer: Signer,
  options: {
    id?: string;
    terminal?: boolean;
    extra?: number;
    headSha?: string | null;
    verdictGit?: boolean;
  } = {},
): string {
  const git =
    options.headSha === undefined
      ? { repo: 'octo/hello', base_sha: '1'.repeat(40), head_sha: '2'.repeat(40) }
      : options.headSha === null
        ? null
        : { repo: 'octo/hello', base_sha: '1'.repeat(40), head_sha: options.headSha };
  const session = store.createSession({
    signer,
    codeVersion: 'test',
    ...(options.id ? { id: options.id } : {}),
  });
  const id = session.id;
  store.append(
    id,
    'run_started',
    {
      contract: SAMPLE_CONTRACT,
      contract_hash: 'a'.repeat(64),
      code_version: 'test',
      principal: { login: 'octocat' },
      git,
    },
    signer,
  );
  store.append(
    id,
    'check_result',
    {
      clause: 0,
      desc: 'greeting.txt has the exact line',
      exit_code: 0,
      met: true,
      stdout_tail: 'ok ✓ — «fine»',
    },
    signer,
  );
  for (let seat = 0; seat < 3; seat++) {
    store.append(
      id,
      'review_vote',
      {
        clause: 1,
        seat,
        lens: ['intent', 'completeness', 'correctness'][seat],
        vote: 'met',
        reasoning: `seat ${seat}: reads naturally`,
      },
      signer,
    );
  }
  for (let i = 0; i < (options.extra ?? 0); i++) {
    store.append(
      id,
      'tool_result',
      { call_id: `c${i}`, name: 'bash', content: `line ${i}`, is_error: false },
      signer,
    );
  }
  store.append(
    id,
    'verdict',
    {
      overall: 'pass',
      clauses: [
        { clause: 0, status: 'met' },
        { clause: 1, status: 'met' },
      ],
      ...(typeof options.headSha === 'string' && options.verdictGit !== false ? { git } : {}),
    },
    signer,
  );
  if (options.terminal !== false) store.append(id, 'run_completed', { final_text: 'done' }, signer);
  return id;
}
