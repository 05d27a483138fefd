/** The contract's `[constraints]`, resolved against the workdir: enforced at the tool boundary. */
export interface ToolPolicy {
  /** The realpath of the run's workdir; relative tool paths resolve against it. */
  workdir: string;
  /** Absolute, realpath-resolved directories a tool may read below. */
  readScope: string[];
  /** Absolute, realpath-resolved directories a tool may write below. */
  writeScope: string[];
  /** Substrings that may not appear in a bash command or a written file path/content. */
  forbidden: string[];
  network: 'none' | 'allowlist' | 'open';
  allowlist: string[];
  /** Tool names or `*` patterns; a tool not allowed is not even advertised to the model. */
  allowTools: string[];
  /**
   * Realpaths no tool may read or write, inside a scope or not: what the run's isolation hides from
   * untrusted processes (key files, the ledger's directory; `Isolation.withheld`).
   */
  withheld?: string[];
}
