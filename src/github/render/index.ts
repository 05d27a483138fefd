export { CHECK_OUTPUT_LIMIT, COMMENT_LIMIT, STEP_SUMMARY_LIMIT } from './budget.js';
export { checkAnnotations, renderCheckOutput } from './check-output.js';
export {
  citationAnnotations,
  citedLines,
  findingText,
  type PlacedFinding,
  placedFindings,
  seatLabel,
  unplaceableReason,
} from './citations.js';
export { renderStickyComment } from './comment.js';
export { type CheckConclusion, conclusionFor } from './conclusion.js';
export {
  codeSpan,
  escapeHtml,
  fencedBlock,
  htmlText,
  inlineText,
  neutralizeMentions,
  normalizeText,
} from './escape.js';
export { commentSafeJson, embedMeta, META_PREFIX, readMeta } from './meta.js';
export { SCRIPTED_BANNER, verdictInTitle } from './parts.js';
export { renderJobSummary } from './summary.js';
export type { Annotation, CheckOutput, CheckOutputOptions, ReportLinks } from './types.js';
