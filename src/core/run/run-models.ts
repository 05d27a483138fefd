import type { ResolvedContract } from '../contract/schema.js';
import type { buildExecutorProvider } from '../providers/executor-provider.js';
import type { Provider } from '../providers/provider.js';

/** Where the executor's model looks up its key and a scripted fixture. */
export type ExecutorLookup = Parameters<typeof buildExecutorProvider>[1];

/**
 * The executor's model. The provider modules are loaded here, on demand (see `panelModels`): a
 * run of checks alone never compiles them.
 */
export async function executorModel(contract: ResolvedContract, lookup: ExecutorLookup): Promise<Provider> {
  const { buildExecutorProvider } = await import('../providers/executor-provider.js');
  return buildExecutorProvider(contract, lookup);
}
