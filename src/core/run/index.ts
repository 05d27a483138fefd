export {
  type BenchRecordResult,
  type BenchReport,
  type BenchResult,
  type StartBenchOptions,
  startBench,
} from './bench.js';
export { type BenchPanelChoice, type BenchPanelLabel, PLACEHOLDER_PANEL_FIXTURE } from './bench-panel.js';
export { refusedPath } from './bench-workspace.js';
export { type ChildRequest, type ChildResult, type ParentRun, runChild } from './child-run.js';
export { FanoutWorkspaceError } from './child-workdir.js';
export { contextLine, formatCount } from './context-report.js';
export {
  type EvalArmReport,
  type EvalDelta,
  type EvalReport,
  type EvalResult,
  type StartEvalOptions,
  startEval,
} from './eval.js';
export { decideFromEval, evalPromotionArms, refuseTrial } from './eval-promotion.js';
export { type FanoutResult, runFanout } from './fanout.js';
export type {
  ChildStatus,
  ExcludedLeg,
  FanoutLeg,
  FanoutSummary,
  RunnerLeg,
  RunnerLegs,
} from './fanout-types.js';
export { admitLeg, importLeg, type LegExpectation } from './leg-admission.js';
export { FanoutLegError, type LegRequest, legPlan, recordedDiff } from './leg-plan.js';
export { memoryEntryLabel } from './memory-report.js';
export type { ChangesPublisher, PassedRun } from './publish-changes.js';
export { type RecordedContract, readRecordedContract } from './recorded-contract.js';
export { resumeContract, runContract } from './run-contract.js';
export { createRunIsolation, type RunIsolationRequest } from './run-isolation.js';
export {
  checkoutLine,
  isolationLine,
  type ReportChanges,
  type ReportCheckout,
  type ReportClause,
  type ReportHiddenText,
  type ReportInjection,
  type ReportIsolation,
  type ReportSelfValidation,
  type ReportSuspension,
  type ReportVote,
  type RunReport,
  reportFromEntries,
  selfValidationLine,
} from './run-report.js';
export {
  type AbortedRun,
  type PreparedRun,
  prepareRun,
  type ResumeRunOptions,
  type RunHost,
  type RunResult,
  resumeRun,
  type StartRunOptions,
  startRun,
} from './run-service.js';
export {
  type CompletedOutcome,
  type ResumeContractOptions,
  RunAbortedError,
  type RunContractOptions,
  type RunOutcome,
  type SuspendedOutcome,
} from './run-types.js';
