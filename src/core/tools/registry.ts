import type { ToolSpec } from '../providers/provider.js';
import { type BashToolOptions, createBashTool } from './bash-tool.js';
import { listDirTool, readFileTool, writeFileTool } from './fs-tools.js';
import { createGitTools, type GitToolsOptions } from './git-tools.js';
import type { ToolRegistry } from './invoke.js';
import type { Tool } from './tool.js';

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

/** The provider-neutral specs of `tools` (generic function tools for any provider). */
export function toolSpecs(tools: ToolRegistry | Iterable<Tool>): ToolSpec[] {
  const list = tools instanceof Map ? [...tools.values()] : [...(tools as Iterable<Tool>)];
  return list.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
}
