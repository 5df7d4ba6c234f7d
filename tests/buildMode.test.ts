import { describe, expect, it } from 'vitest';
import { assertBuildMode } from '../scripts/vite/buildMode';

describe('build mode', () => {
  it('refuses a production build with the mock backend on', () => {
    expect(() => assertBuildMode('build', 'production', { VITE_MOCKS: 'true' })).toThrow(
      /VITE_MOCKS=true in a production build/,
    );
  });

  it.each([
    ['build', 'production', {}],
    ['build', 'production', { VITE_MOCKS: 'false' }],
    ['build', 'demo', { VITE_MOCKS: 'true' }],
    ['serve', 'demo', { VITE_MOCKS: 'true' }],
    ['serve', 'production', { VITE_MOCKS: 'true' }],
  ] as const)('lets %s in %s mode with %j through', (command, mode, env) => {
    expect(() => assertBuildMode(command, mode, env)).not.toThrow();
  });
});
