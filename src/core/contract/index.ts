export * from './errors.js';
export * from './eval-arm.js';
export * from './fanout.js';
export {
  loadConfigFile,
  loadContractFile,
  MAX_TOML_BYTES,
  parseConfigToml,
  parseContractToml,
  readTomlSource,
  type TomlSource,
} from './load.js';
export * from './named.js';
export * from './resolve.js';
export * from './schema.js';
export { locateTomlPath, type SourcePosition, type TomlPath, TomlPositions } from './toml-positions.js';
