export * from './bash-tool.js';
export * from './fs-tools.js';
export * from './git-tools.js';
export * from './policy.js';
export * from './registry.js';
export type { Tool, ToolContext, ToolOutcome } from './tool.js';
export { ToolInputError } from './tool-kit.js';
