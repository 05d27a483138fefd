import { readAwaitSpec, readKnownEntry } from '../ledger/entry-kinds.js';
import { describeAwait } from './durable-errors.js';

/**
 * The name an entry is matched by on replay, besides its kind: the tool, the provider/model, the
 * clause and seat, the signal. Kinds not listed match by kind alone; an entry whose payload does not
 * fit its kind (entry-kinds.ts) has no name, so it matches nothing.
 */
export function activityName(entry: { seq: number; kind: string; payload: unknown }): string {
  const known = readKnownEntry(entry);
  if (!known || 'error' in known) return '';
  switch (known.kind) {
    case 'model_result':
      return `${known.payload.provider}/${known.payload.model}`;
    case 'tool_result':
    case 'git_tool_call':
    case 'effect_tool_call':
    case 'changes_published':
    case 'signal_received':
    case 'mcp_tool_call':
    case 'mcp_tool_pending':
    case 'github_tool_call':
    case 'web_tool_call':
      return known.payload.name;
    case 'mcp_tools_listed':
      return known.payload.server;
    case 'check_result':
    case 'review_evidence':
    case 'self_validation':
      return `clause ${known.payload.clause}`;
    case 'review_vote':
      return `clause ${known.payload.clause} seat ${known.payload.seat}`;
    case 'suspended': {
      const spec = readAwaitSpec(known.payload.await);
      return spec ? describeAwait(spec) : '';
    }
    case 'delegated_result':
      return known.payload.command ?? '';
    case 'delegated_started':
      return known.payload.command;
    case 'delegated_tool_call':
      return known.payload.name;
    case 'checks_workspace':
      return known.payload.checkout;
    case 'checks_setup':
      return known.payload.run;
    default:
      return '';
  }
}
