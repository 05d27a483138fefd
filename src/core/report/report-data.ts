import type { Bundle } from '../ledger/bundle.js';
import type { RolePin } from '../ledger/trusted-keys.js';

/** Marks the embedded document so a later page script can refuse data it does not understand. */
export const REPORT_DATA_FORMAT = 'truss.report.v1';

/**
 * What the generator embeds in the page (as JSON) and the page script reads back: the bundle exactly
 * as parsed, plus the keys the person generating the report pinned. Everything the page shows is
 * derived from `bundle` in the browser; nothing here is a precomputed verdict.
 */
export interface ReportData {
  format: typeof REPORT_DATA_FORMAT;
  /** ISO time the report was generated (informational). */
  generated_at: string;
  /** `truss <version>` that generated it (informational). */
  generator: string;
  /**
   * Pinned public keys as [lowercase hex, label] pairs (pinned for every role) or [hex, {label, roles}]
   * (docs/ledger.md "Trusted keys and roles"); empty when none were given.
   */
  trusted: Array<[string, string | RolePin]>;
  /** Where the pinned keys came from (`--key`, a file path), for the page to say. */
  trust_source: string | null;
  bundle: Bundle;
}
