// The ConfigError a call throws, for the tests of the editors' files and the settings.
import { expect } from 'vitest';
import { ConfigError } from '../../src/data/config.ts';

export function configFailure(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}
