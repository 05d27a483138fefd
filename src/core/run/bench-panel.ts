import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderSettings } from '../contract/schema.js';

/** The name the placeholder panel's fixture has in every contract (and in every vote's model id). */
export const PLACEHOLDER_PANEL_FIXTURE = 'bench-placeholder-panel.json';

/**
 * Who judges the review clause of a benchmark run (docs/bench-verdicts.md "The panel"):
 * - `checks-only`: no review clause; the panel's figures are not measured.
 * - `placeholder`: no model was named — as a shipped example contract runs without an API key, the
 *   panel is the scripted provider, here replaying one fixed answer per seat (`met`, without reading
 *   anything). It exercises the pipeline; its figures say nothing about a model, and are labelled so.
 * - `provider`: a real model (or a scripted fixture the user chose), as `--provider`/`--model` give it.
 */
export type BenchPanelChoice =
  | { kind: 'checks-only' }
  | { kind: 'placeholder'; reviewers: number }
  | {
      kind: 'provider';
      settings: ProviderSettings;
      reviewers: number;
      /** Where a relative scripted fixture is looked up (never a run's working copy). */
      fixtureDir?: string | undefined;
    };

/** What the benchmark's report says about its panel. */
export type BenchPanelLabel = {
  kind: BenchPanelChoice['kind'];
  provider: string | null;
  model: string | null;
  reviewers: number;
  /** One line for the table, the page and the signed report. */
  label: string;
};

/** A panel ready for the runs: the `[provider]` of every contract, and where its fixture is. */
export interface BenchPanel {
  settings: ProviderSettings | null;
  reviewers: number;
  fixtureDir: string | null;
  label: BenchPanelLabel;
  dispose(): Promise<void>;
}

/**
 * Makes the chosen panel usable: for the placeholder, its fixture (one `met` answer per seat,
 * replayed afresh for every run) is written to a private temp directory that fixture lookups are
 * pinned to — a patch that adds a file of the same name to its working copy changes nothing.
 */
export async function openBenchPanel(choice: BenchPanelChoice): Promise<BenchPanel> {
  if (choice.kind === 'checks-only') {
    return {
      settings: null,
      reviewers: 1,
      fixtureDir: null,
      label: { kind: 'checks-only', provider: null, model: null, reviewers: 0, label: 'none (checks only)' },
      dispose: async () => {},
    };
  }
  if (choice.kind === 'provider') {
    const { settings, reviewers } = choice;
    const model =
      settings.kind === 'scripted' ? `scripted:${settings.script ?? ''}` : (settings.model ?? null);
    return {
      settings,
      reviewers,
      fixtureDir: choice.fixtureDir ?? null,
      label: {
        kind: 'provider',
        provider: settings.kind,
        model,
        reviewers,
        label: `${reviewers} × ${settings.kind}${model ? ` ${model}` : ''}${settings.kind === 'scripted' ? ' (SCRIPTED: replayed fixture answers, not a model)' : ''}`,
      },
      dispose: async () => {},
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'truss-bench-panel-'));
  const vote = JSON.stringify({
    vote: 'met',
    reasoning: 'Placeholder seat (no model configured): votes met without reading the change.',
  });
  await writeFile(
    join(dir, PLACEHOLDER_PANEL_FIXTURE),
    JSON.stringify({ responses: Array.from({ length: choice.reviewers }, () => ({ text: vote })) }),
  );
  return {
    settings: { kind: 'scripted', script: PLACEHOLDER_PANEL_FIXTURE },
    reviewers: choice.reviewers,
    fixtureDir: dir,
    label: {
      kind: 'placeholder',
      provider: 'scripted',
      model: `scripted:${PLACEHOLDER_PANEL_FIXTURE}`,
      reviewers: choice.reviewers,
      label: `PLACEHOLDER: ${choice.reviewers} scripted ${choice.reviewers === 1 ? 'seat that always votes' : 'seats that always vote'} met (no model; pass --provider/--model for real panel figures)`,
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
