/**
 * Publishing a run's evidence: one ordered list of named steps, run by one loop ({@link publishRun}).
 *
 * 1. `ledger` steps may append to the session (the ledger-branch anchor's `anchor_receipt`); they
 *    all run first.
 * 2. Then the ledger has stopped changing and the run is sealed, once: the bundle is exported, the
 *    HTML report written from it and the {@link RunReport} built from the same entries, so the
 *    bundle, the HTML report, the check run and the sticky comment all end at the same head.
 * 3. `evidence` steps read the sealed files and never write the ledger (verdict attestations, the
 *    ledger-branch copy, the artifact upload).
 *
 * A list with a ledger step after an evidence step is refused before anything runs, and an evidence
 * step that changes the ledger anyway is an error. A step that throws stops publishing; the caller
 * completes its check run with the reason (run-and-report.ts).
 */
import { join } from 'node:path';
import {
  createNodeCrypto,
  exportBundleToFile,
  type LedgerStore,
  tailsFromStore,
} from '../core/ledger/index.js';
import { writeReportFile } from '../core/report/index.js';
import { type RunReport, reportFromEntries } from '../core/run/index.js';
import type { Logger } from './logger.js';
import { htmlReportFileName, ledgerBundleFileName } from './names.js';

/** The artifact a run's evidence was uploaded as (the Action: a workflow artifact). */
export interface PublishedArtifact {
  name: string;
  id: number | null;
  url: string | null;
}

/** The files of a sealed run an upload ships: the bundle, plus the files to ship beside it. */
export interface EvidenceFiles {
  bundlePath: string;
  sessionId: string;
  /** True when the session waits on a gate: its artifact must carry what a resume needs. */
  suspended?: boolean;
  /** The HTML report, uploaded as `report.html`. */
  reportPath?: string | null;
  extraFiles?: string[];
}

/** Uploads a run's evidence (the Action: a workflow artifact); null when not available. */
export type PublishEvidence = (files: EvidenceFiles) => Promise<PublishedArtifact | null>;

/** What evidence steps read once the run is sealed, and extend for the steps after them. */
export interface Evidence extends EvidenceFiles {
  /** Files to ship beside the bundle (the verdict attestations): one step adds, a later one uploads. */
  extraFiles: string[];
  /** The uploaded artifact, once a step uploaded one. */
  artifact?: PublishedArtifact | null;
}

/** A step that may append to the ledger; it runs before the run is sealed. */
export interface LedgerStep {
  name: string;
  stage: 'ledger';
  run(session: { store: LedgerStore; sessionId: string }): Promise<void>;
}

/** A step that reads the sealed evidence; it must not change the ledger. */
export interface EvidenceStep {
  name: string;
  stage: 'evidence';
  run(evidence: Evidence): Promise<void>;
}

export type PublishStep = LedgerStep | EvidenceStep;

/** The sealed run and what the steps made of it. */
export interface PublishedRun {
  evidence: Evidence & { reportPath: string | null; suspended: boolean; artifact: PublishedArtifact | null };
  /** Built once, from the entries the bundle holds. */
  report: RunReport;
  /** The head the bundle, the HTML report and `report` end at, and its seq. */
  headHash: string;
  headSeq: number;
}

/**
 * Refuses a list whose order could publish evidence about a head the ledger has since moved past:
 * every ledger step must come before every evidence step, and names must be unique.
 */
export function checkStepOrder(steps: readonly PublishStep[]): void {
  const names = new Set<string>();
  let firstEvidence: string | null = null;
  for (const step of steps) {
    if (names.has(step.name)) throw new Error(`publish step "${step.name}" is listed twice`);
    names.add(step.name);
    if (step.stage === 'evidence') firstEvidence ??= step.name;
    else if (firstEvidence !== null)
      throw new Error(
        `publish step "${step.name}" appends to the ledger, so it must run before "${firstEvidence}" reads the sealed bundle`,
      );
  }
}

/** Runs `steps` in order around the single seal (see the module comment). */
export async function publishRun(options: {
  store: LedgerStore;
  sessionId: string;
  outDir: string;
  /** Names the generator in the HTML report, e.g. `truss 0.1.0`. */
  codeVersion: string;
  steps: readonly PublishStep[];
  log: Pick<Logger, 'warning'>;
}): Promise<PublishedRun> {
  const { store, sessionId } = options;
  checkStepOrder(options.steps);
  let sealed: PublishedRun | null = null;
  for (const step of options.steps) {
    if (step.stage === 'ledger') {
      await step.run({ store, sessionId });
      continue;
    }
    sealed ??= seal(options);
    await step.run(sealed.evidence);
    if ((store.session(sessionId)?.head_hash ?? '') !== sealed.headHash)
      throw new Error(
        `publish step "${step.name}" changed the ledger of ${sessionId} after its bundle and report were built`,
      );
  }
  return sealed ?? seal(options);
}

/** Exports the bundle, writes the HTML report from it and builds the report: once, at the final head. */
function seal(options: {
  store: LedgerStore;
  sessionId: string;
  outDir: string;
  codeVersion: string;
  log: Pick<Logger, 'warning'>;
}): PublishedRun {
  const { store, sessionId } = options;
  const crypto = createNodeCrypto();
  const bundlePath = join(options.outDir, ledgerBundleFileName(sessionId));
  exportBundleToFile(store, sessionId, crypto, bundlePath);
  const reportPath = writeHtmlReport(options, bundlePath);
  const entries = [...store.entries(sessionId)];
  const report = reportFromEntries(sessionId, entries, tailsFromStore(store));
  return {
    evidence: {
      bundlePath,
      sessionId,
      reportPath,
      suspended: report.overall === 'suspended',
      extraFiles: [],
      artifact: null,
    },
    report,
    headHash: report.headHash,
    headSeq: entries.length - 1,
  };
}

/**
 * Writes the self-verifying HTML report beside the bundle. It embeds no pinned key: the page says
 * "intact but key not pinned" until a reader pins the key they trust (the check run prints the key
 * this run used). A report that cannot be written is a warning; the bundle is the evidence.
 */
function writeHtmlReport(
  options: { outDir: string; sessionId: string; codeVersion: string; log: Pick<Logger, 'warning'> },
  bundlePath: string,
): string | null {
  const output = join(options.outDir, htmlReportFileName(options.sessionId));
  try {
    writeReportFile({
      bundlePath,
      output,
      trusted: new Map(),
      trustSource: null,
      generator: options.codeVersion,
    });
    return output;
  } catch (error) {
    options.log.warning(`could not write the HTML report: ${(error as Error).message}`);
    return null;
  }
}

/**
 * The upload as an evidence step, after every step that adds files beside the bundle. A failed
 * upload is a warning: the bundle stays on disk and in the outputs.
 */
export function uploadStep(upload: PublishEvidence, log: Pick<Logger, 'warning'>): EvidenceStep {
  return {
    name: 'artifact',
    stage: 'evidence',
    async run(evidence) {
      evidence.artifact = await upload({
        bundlePath: evidence.bundlePath,
        sessionId: evidence.sessionId,
        reportPath: evidence.reportPath ?? null,
        suspended: evidence.suspended ?? false,
        extraFiles: [...evidence.extraFiles],
      }).catch((error: Error) => {
        log.warning(`could not upload the ledger artifact: ${error.message}`);
        return null;
      });
    },
  };
}
