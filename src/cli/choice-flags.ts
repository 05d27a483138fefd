import { ProviderKindSchema } from '../core/contract/index.js';
import { ISOLATION_MODES } from '../core/process/index.js';
import { choiceFlag } from './args.js';

/**
 * The choice flags several commands take, checked by parseCommandArgs on every one of them (a value
 * that is no choice: exit 64 with the closest one, docs/cli.md). Apart from args.ts, so a command
 * without them (verify, keygen) does not load these core folders to parse its flags.
 */

/** `--provider KIND`: the model provider kinds a contract's `[provider] kind` takes. */
export const PROVIDER_FLAG = choiceFlag(ProviderKindSchema.options);
/** `--isolation MODE` (docs/security.md). */
export const ISOLATION_FLAG = choiceFlag(ISOLATION_MODES);
