export {
  checkServerNetwork,
  connectMcpServer,
  DEFAULT_MCP_TIMEOUT_SEC,
  type McpConnection,
  type McpListedTool,
  McpServerError,
  McpUnavailableError,
  mcpTimeoutMs,
  resolveHeaders,
  serverSecrets,
} from './connection.js';
export {
  isMcpTool,
  McpMount,
  type McpMountOptions,
  type McpTool,
  mcpToolAllowed,
  mountDecision,
  mountDecisions,
  mountedName,
} from './mount.js';
export { redactJson, resultText, SECRET_ARG, withSecrets } from './payload.js';
export { type ServedAnswer, serveMcpTools } from './tool-server.js';
