import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { ContractError } from '../../src/core/contract/index.js';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'contracts');

/** Runs `action`, asserts it throws a ContractError and returns it. */
export function contractError(action: () => unknown): ContractError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ContractError);
    return error as ContractError;
  }
  throw new Error('expected a ContractError, nothing was thrown');
}

export const MINIMAL_CONTRACT = `[contract]
id = "minimal"
intent = "Say hello."

[[done]]
kind = "review"
desc = "it says hello"
`;
