import type { ToolsSettings } from '../contract/tools-schema.js';
import type { ToolSpec } from '../providers/provider.js';
import { type BashToolOptions, createBashTool } from './bash-tool.js';
import { listDirTool, readFileTool, writeFileTool } from './fs-tools.js';
import { createGitTools, type GitToolsOptions } from './git-tools.js';
import type { GitHubReader } from './github-reader.js';
import { createGitHubTools } from './github-tools.js';
import type { ToolRegistry } from './invoke.js';
import type { Tool } from './tool.js';
import { createWebTools } from './web-tools.js';

export {
  ANTHROPIC_BASH_TOOL,
  ANTHROPIC_TEXT_EDITOR_TOOL,
  type AnthropicCallPlan,
  type AnthropicToolSchema,
  anthropicToolSchemas,
  type LocalToolCall,
  mapAnthropicToolCall,
  type RunToolCallOptions,
  type RunToolCallResult,
  runToolCall,
} from './anthropic-tools.js';
export { invokeTool, type ToolRegistry } from './invoke.js';

/** The harness tools, in the order they are advertised. */
export const TOOL_NAMES = Object.freeze([
  'read_file',
  'write_file',
  'list_dir',
  'bash',
  'git_status',
  'git_diff',
  'git_branch',
  'git_commit',
] as const);

export interface ToolRegistryOptions {
  bash?: BashToolOptions;
  git?: GitToolsOptions;
}

/**
 * Every harness tool by name (docs/runtime.md). Registration is not authorisation: the contract's
 * `allow_tools` decides which are advertised ({@link advertisedTools}) and callable ({@link invokeTool}).
 */
export function createToolRegistry(options: ToolRegistryOptions = {}): Map<string, Tool> {
  const tools: Tool[] = [
    readFileTool,
    writeFileTool,
    listDirTool,
    createBashTool(options.bash),
    ...createGitTools(options.git),
  ];
  return new Map(tools.map((tool) => [tool.name, tool]));
}

export interface ContractToolsOptions {
  /** The host's GitHub reader (absent: the GitHub tools refuse every call, saying why). */
  github?: GitHubReader | undefined;
  /** The host environment (web_search's key). */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * `registry` plus the tools the contract's `[tools]` turns on (docs/tools.md): the GitHub tools for
 * `github = true`, web_fetch and web_search for `web = true`. A tool already registered keeps its name.
 */
export function withContractTools(
  registry: ToolRegistry,
  settings: ToolsSettings | undefined,
  options: ContractToolsOptions,
): ToolRegistry {
  const extra: Tool[] = [
    ...(settings?.github ? createGitHubTools({ reader: options.github }) : []),
    ...(settings?.web ? createWebTools({ settings, env: options.env }) : []),
  ];
  if (extra.length === 0) return registry;
  const merged = new Map(registry);
  for (const tool of extra) if (!merged.has(tool.name)) merged.set(tool.name, tool);
  return merged;
}

/** The provider-neutral specs of `tools` (generic function tools for any provider). */
export function toolSpecs(tools: ToolRegistry | Iterable<Tool>): ToolSpec[] {
  const list = tools instanceof Map ? [...tools.values()] : [...(tools as Iterable<Tool>)];
  return list.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
}
