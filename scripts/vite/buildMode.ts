/**
 * A production build never carries the mock backend: VITE_MOCKS=true belongs to demo and development builds
 * (`npm run build:demo`, `npm run dev`). Thrown while the config loads, before anything is built.
 */
export function assertBuildMode(command: 'build' | 'serve', mode: string, env: Record<string, string>): void {
  if (command === 'build' && mode === 'production' && env.VITE_MOCKS === 'true')
    throw new Error(
      'VITE_MOCKS=true in a production build: the mock backend would ship to users. ' +
        'Build the demo with `npm run build:demo`, or unset VITE_MOCKS.',
    );
}
