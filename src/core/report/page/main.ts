/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { BUNDLE_TEXT_RULES, type Bundle, readBundle } from '../../ledger/bundle.js';
import { hexToBytes } from '../../ledger/encoding.js';
import type { LedgerEntry } from '../../ledger/entry.js';
import {
  findJsonStructureProblem,
  jsonStructureMessage,
  MAX_BUNDLE_DEPTH,
} from '../../ledger/json-structure.js';
import type { VerifyReport } from '../../ledger/verify-report.js';
import { TRUSS_CLI } from '../../truss-cli.js';
import { REPORT_DATA_FORMAT, type ReportData } from '../report-data.js';
import { type ChainState, chainState } from './chain-status.js';
import { h, shown } from './dom.js';
import { runView } from './run-view.js';
import { clausesSection, runSection, signOffCard, verdictCard } from './sections.js';
import {
  type CheckedSignatures,
  checkSignatures,
  type SignatureAnswers,
  serveSignatureChecks,
  startWorkers,
  stopWorkers,
} from './signature-checks.js';
import { timeline } from './timeline.js';
import { likelySignatureJobs, recordRun, settleRun, verifyWithAnswers } from './verify-in-page.js';

/** What the page exposes for tests and curious readers: the in-page verifier's own report. */
interface PageResult {
  report: VerifyReport;
  ms: number;
  workers: number;
  /** Who checked the signatures: the browser's WebCrypto (after its probe) or @noble. */
  engine: 'webcrypto' | 'noble';
}

declare global {
  interface Window {
    trussVerification?: PageResult;
  }
}

if (typeof document === 'undefined') {
  // Started as a Web Worker from this same script: answer signature checks.
  serveSignatureChecks(globalThis as unknown as Parameters<typeof serveSignatureChecks>[0]);
} else {
  // render-html.ts places this script before the embedded bundle: the workers start and probe their
  // engine while the browser is still reading the bundle, and the page starts once it has.
  const pool = startWorkers(document.currentScript?.textContent ?? null);
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', () => void main(pool), { once: true });
  else void main(pool);
}

/** Signature checks under way, and where their progress goes once the page shows it. */
interface Checks {
  result: Promise<CheckedSignatures>;
  total: number;
  onProgress: (done: number) => void;
}

async function main(pool: Worker[]): Promise<void> {
  const started = performance.now();
  const app = document.getElementById('app') as HTMLElement;
  let data: ReportData;
  let checks: Checks | undefined;
  try {
    const text = document.getElementById('truss-data')?.textContent ?? '';
    data = JSON.parse(text) as ReportData;
    // The checks start before the data is checked: they are only answers, used if it passes.
    checks = startChecks(data?.bundle, pool);
    // The same refusal as `truss verify` (docs/ledger.md "Bundle"): the bundle sits one level down.
    const problem = findJsonStructureProblem(text, MAX_BUNDLE_DEPTH + 1, BUNDLE_TEXT_RULES);
    if (problem) {
      const asBundle = problem.kind === 'too_deep' ? { ...problem, limit: MAX_BUNDLE_DEPTH } : problem;
      throw new Error(jsonStructureMessage('the embedded bundle', text, asBundle));
    }
    if (data.format !== REPORT_DATA_FORMAT) throw new Error(`unknown data format ${String(data.format)}`);
    // The shape `truss verify` requires before it verifies anything (schema_version, the ledger's own
    // fields): a bundle the CLI refuses as unreadable is not shown here as verified.
    readBundle(data.bundle, 'the embedded bundle');
  } catch (error) {
    stopWorkers(pool);
    app.replaceChildren(
      h('p', { class: 'banner bad' }, `This report's data cannot be read: ${(error as Error).message}`),
    );
    document.documentElement.dataset.chain = 'error';
    return;
  }
  try {
    await render(data, checks, started);
  } catch (error) {
    app.replaceChildren(
      h('p', { class: 'banner bad' }, `This report cannot be shown: ${(error as Error).message}`),
    );
    document.documentElement.dataset.chain = 'error';
  }
}

function startChecks(bundle: unknown, pool: Worker[]): Checks {
  const jobs = likelySignatureJobs(bundle);
  const checks: Checks = {
    total: jobs.length,
    onProgress: () => {},
    result: checkSignatures(jobs, pool, (done) => checks.onProgress(done)),
  };
  checks.result.catch(() => {});
  return checks;
}

async function render(data: ReportData, checks: Checks, started: number): Promise<void> {
  const app = document.getElementById('app') as HTMLElement;
  const bundle = data.bundle;
  const entries = (Array.isArray(bundle.ledger?.entries) ? bundle.ledger.entries : []) as LedgerEntry[];
  const run = runView(bundle.ledger.session_id, entries.filter(isEntryLike), bundle.blobs);
  // The tab title is what history and bookmarks keep of the page: like the verdict card, it disowns
  // the verdict once the ledger fails verification (docs/report.md "What the page shows").
  const titled = (verdict: string) => {
    document.title = shown(`${verdict} · ${run.title ?? run.contractId} · Truss report`);
  };
  titled(run.overall.toUpperCase());

  const status = h(
    'p',
    { class: 'chain-headline', id: 'chain-status' },
    'Verifying the signed ledger in this page…',
  );
  const detail = h('ul', { class: 'chain-detail', id: 'chain-detail' });
  const progress = h('progress', {
    id: 'chain-progress',
    max: String(Math.max(1, checks.total)),
    value: '0',
  });
  const pin = pinForm((key) => repin(key));
  const chainCard = h(
    'section',
    { class: 'card chain', id: 'chain', 'data-tone': 'busy', 'aria-labelledby': 'chain-h' },
    h('h2', { id: 'chain-h', class: 'eyebrow' }, 'Ledger proof (computed in this page)'),
    h('div', { role: 'status', 'aria-live': 'polite' }, status, detail),
    progress,
    pin.form,
  );
  const line = timeline(entries);
  app.replaceChildren(
    h('div', { class: 'hero' }, verdictCard(run), chainCard, signOffCard(entries.filter(isEntryLike))),
    clausesSection(run),
    runSection(bundle, run),
    line.element,
    howSection(data),
  );

  let trusted = new Map(Array.isArray(data.trusted) ? data.trusted : []);
  let answers: SignatureAnswers = new Map();
  const show = (report: VerifyReport, extra: string[] = []) => {
    const state = chainState(report);
    paint(state, status, detail, chainCard, extra);
    const untrusted = document.getElementById('untrusted-note') as HTMLElement;
    const verdictEl = document.getElementById('verdict-card') as HTMLElement;
    verdictEl.dataset.trust = state.tone;
    titled(state.tone === 'bad' ? 'NOT VERIFIED' : run.overall.toUpperCase());
    untrusted.hidden = state.tone !== 'bad';
    untrusted.textContent =
      state.tone === 'bad'
        ? 'Do not trust this verdict: the ledger that carries it failed verification.'
        : '';
    markSignOffs(report);
    if (report.status === 'failed' && typeof report.failure?.seq === 'number')
      line.markBroken(report.failure.seq);
    document.documentElement.dataset.chain = report.status;
  };
  const repin = (key: string) => {
    trusted = new Map([[key, 'entered in this page']]);
    show(verifyWithAnswers(bundle, trusted, answers), [`Pinned here: ${key}`]);
  };

  checks.onProgress = (done) => {
    progress.value = done;
    status.textContent = `Checking signatures in this page… ${done} of ${checks.total}`;
  };
  try {
    // This thread shows the page, then hashes and walks the chain while the workers check signatures.
    await painted();
    const run = recordRun(bundle, trusted);
    const result = await checks.result;
    answers = result.answers;
    const report = settleRun(bundle, trusted, run, answers);
    const ms = Math.round(performance.now() - started);
    progress.hidden = true;
    pin.enable();
    const source = data.trust_source ? ` (pinned keys from ${data.trust_source})` : '';
    show(report, [`Checked in ${ms} ms in this browser${source}; nothing was sent anywhere.`]);
    window.trussVerification = { report, ms, workers: result.workers, engine: result.engine };
  } catch (error) {
    progress.hidden = true;
    paint(
      { tone: 'bad', headline: `Could not verify: ${(error as Error).message}`, detail: [] },
      status,
      detail,
      chainCard,
      [],
    );
    titled('NOT VERIFIED');
    document.documentElement.dataset.chain = 'error';
  }
}

/** Resolves once the page has painted what is in the DOM (or after 100 ms in a hidden tab). */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    requestAnimationFrame(() => setTimeout(done, 0));
    setTimeout(done, 100);
  });
}

function isEntryLike(entry: unknown): entry is LedgerEntry {
  return typeof entry === 'object' && entry !== null && typeof (entry as LedgerEntry).payload === 'object';
}

function paint(
  state: ChainState,
  status: HTMLElement,
  detail: HTMLElement,
  card: HTMLElement,
  extra: string[],
) {
  card.dataset.tone = state.tone;
  const icon = state.tone === 'good' ? '✔ ' : state.tone === 'warn' ? '⚠ ' : state.tone === 'bad' ? '✘ ' : '';
  status.textContent = shown(`${icon}${state.headline}`);
  detail.replaceChildren(...[...state.detail, ...extra].map((line) => h('li', null, line)));
}

function markSignOffs(report: VerifyReport): void {
  const bySeq = new Map(report.reviews.map((review) => [review.seq, review]));
  for (const item of document.querySelectorAll<HTMLElement>('.signoff')) {
    const review = bySeq.get(Number(item.dataset.seq));
    const trust = item.querySelector('.signoff-trust') as HTMLElement;
    trust.textContent = review
      ? ` · signature valid, reviewer key ${review.key_pinned ? 'pinned' : 'not pinned'}`
      : report.status === 'failed'
        ? ' · not verified (the chain failed before or at it)'
        : '';
  }
}

/**
 * Lets a reader pin a key they obtained independently (the embedded pins come with the file). The
 * button is enabled once every signature has been checked, so re-checking never blocks the page.
 */
function pinForm(onPin: (key: string) => void): { form: HTMLElement; enable(): void } {
  const input = h('input', {
    id: 'pin-key',
    name: 'pin-key',
    autocomplete: 'off',
    spellcheck: 'false',
    inputmode: 'text',
    pattern: '[0-9a-fA-F]{64}',
    placeholder: '64 hex characters',
  });
  const error = h('span', { class: 'small', id: 'pin-error', role: 'alert' });
  const button = h('button', { type: 'submit', disabled: '' }, 'Pin and re-check');
  const form = h(
    'form',
    { class: 'pin', id: 'pin-form' },
    h('label', { for: 'pin-key' }, 'Check against a public key you trust: '),
    input,
    button,
    error,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const key = input.value.trim().toLowerCase();
    if (button.disabled) return;
    if (!hexToBytes(key, 32)) {
      error.textContent = 'Enter the 64-character hex Ed25519 public key (as `truss keygen` prints it).';
      return;
    }
    error.textContent = '';
    onPin(key);
  });
  return {
    form,
    enable: () => {
      button.disabled = false;
    },
  };
}

function howSection(data: ReportData): HTMLElement {
  const bundle = data.bundle as Bundle;
  return h(
    'section',
    { 'aria-labelledby': 'how-h' },
    h('h2', { id: 'how-h' }, 'How this page checks the ledger'),
    h(
      'p',
      null,
      'The signed ledger is embedded in this file. The script in this file recomputes every entry hash (RFC 8785 canonical JSON + SHA-256) and checks every Ed25519 signature (with the Ed25519 built into the browser once it has passed a probe of the signature rule, else with @noble/ed25519), using the same verifier as ',
      h('code', null, 'truss verify'),
      '. The page makes no network requests (its Content-Security-Policy forbids them).',
    ),
    h(
      'p',
      null,
      'Keys pinned inside this file travel with the file: anyone who can edit the file can change them. To trust the verdict, pin a key you obtained independently above, or run ',
      h('code', null, `${TRUSS_CLI} verify ${bundle.ledger?.session_id ?? 'BUNDLE'}.json --key <public key>`),
      ' on the bundle.',
    ),
    h('p', { class: 'small muted' }, `Generated ${data.generated_at} by ${data.generator}.`),
  );
}
