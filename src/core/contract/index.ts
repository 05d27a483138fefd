export { BENCH_REVIEW_DESC, type BenchContractSettings, benchContract } from './bench-contract.js';
export {
  BenchInputError,
  type BenchRecord,
  type Prediction,
  parseBenchDataset,
  parsePredictions,
  resolveBenchRepo,
} from './bench-dataset.js';
export { DURATION_FORMS, DurationError, MAX_DURATION_MS, parseDuration } from './duration.js';
export { ContractError } from './errors.js';
export { applyArm, type EvalArm, parseArms } from './eval-arm.js';
export {
  loadContractFile,
  MAX_TOML_BYTES,
  parseConfigToml,
  parseContractToml,
  readTomlSource,
  type TomlSource,
} from './load.js';
export { checkMcpPinning, type UnpinnedServer, unpinnedReason, unpinnedServers } from './mcp-pinning.js';
export type { McpServerSettings } from './mcp-schema.js';
export {
  CONFIG_FILE,
  CONTRACTS_DIR,
  findConfig,
  findContract,
  listContracts,
  workdirConfig,
} from './named.js';
export { type ChangedPath, decidePathFilter, type PathFilter } from './path-filter.js';
export {
  type ContractOverrides,
  contractHash,
  type ResolveContractOptions,
  type ResolvedContractResult,
  resolveContract,
  resolveContractSources,
} from './resolve.js';
export {
  CORE_CONTRACT_FORMAT,
  type ConfigFile,
  type ContractFile,
  type ContractFormat,
  defineContractFormat,
  ProviderKindSchema,
  type ResolvedContract,
} from './schema.js';
export { locateTomlPath, type SourcePosition, type TomlPath, TomlPositions } from './toml-positions.js';
