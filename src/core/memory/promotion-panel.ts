import type { TomlSource } from '../contract/load.js';
import type { ContractOverrides } from '../contract/resolve.js';
import { resolveContractSources } from '../contract/resolve.js';
import type { ContractFormat } from '../contract/schema.js';
import type { Provider } from '../providers/provider.js';
import { panelModels } from '../verify/panel-models.js';

/**
 * The contract a promotion panel is built from: the repository's `.truss/config.toml` ([provider],
 * [[panel.seats]], reviewers, pricing) layered under this, plus the caller's flags. Its review
 * clause is only a placeholder: the clause the seats judge is PROMOTION_CLAUSE.
 */
const PROMOTION_CONTRACT = `[contract]
id = "memory-promotion"
intent = "Decide whether a memory entry may be trusted by future runs"

[[done]]
kind = "review"
desc = "the memory entry may be trusted"
`;

/**
 * The seats that review a memory entry (docs/memory.md "Decisions"), configured like a run's panel:
 * `[provider]` or `[[panel.seats]]` from the repository config, `--reviewers`, `--provider`/`--model`.
 * With no model reachable, the reason (a promotion then needs a maintainer's signed decision).
 */
export async function promotionPanel(options: {
  config?: TomlSource | undefined;
  overrides?: ContractOverrides | undefined;
  format?: ContractFormat | undefined;
  env: Record<string, string | undefined>;
  cwd: string;
  fallbackCwd?: string | undefined;
}): Promise<{ seats: Provider[] } | { unavailable: string }> {
  const { contract } = resolveContractSources({
    config: options.config,
    contract: { file: '(memory promotion)', text: PROMOTION_CONTRACT },
    overrides: options.overrides,
    format: options.format,
  });
  return panelModels(contract, { env: options.env, cwd: options.cwd, fallbackCwd: options.fallbackCwd });
}
