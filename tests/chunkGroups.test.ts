import { describe, expect, it } from 'vitest';
import { partOf } from '../scripts/vite/chunkGroups';

const R = '/app';
/** A module graph: each module's static and on-demand imports. */
const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
  [`${R}/src/main.tsx`]: {
    importedIds: [`${R}/src/ui/Button.tsx`],
    dynamicallyImportedIds: [`${R}/src/app/SignedInApp.tsx`],
  },
  [`${R}/src/views/login/LoginView.tsx`]: {
    importedIds: [`${R}/src/ui/Button.tsx`, `${R}/src/api/client.ts`],
    dynamicallyImportedIds: [],
  },
  [`${R}/src/api/client.ts`]: { importedIds: [], dynamicallyImportedIds: [`${R}/src/api/request.ts`] },
  [`${R}/src/api/request.ts`]: {
    importedIds: [`${R}/node_modules/zod/index.js`],
    dynamicallyImportedIds: [],
  },
  [`${R}/src/ui/Button.tsx`]: {
    importedIds: [`${R}/node_modules/react/index.js`],
    dynamicallyImportedIds: [],
  },
  [`${R}/src/app/SignedInApp.tsx`]: {
    importedIds: [`${R}/src/ui/Button.tsx`, `${R}/src/ui/Dialog.tsx`, `${R}/node_modules/zod/index.js`],
    dynamicallyImportedIds: [`${R}/src/views/Dashboard.tsx`],
  },
  [`${R}/src/machines/root/instanceWatch/instanceWatch.machine.ts`]: {
    importedIds: [`${R}/src/api/live.ts`],
    dynamicallyImportedIds: [],
  },
  [`${R}/src/ui/Dialog.tsx`]: {
    importedIds: [`${R}/node_modules/@ariakit/react/index.js`],
    dynamicallyImportedIds: [],
  },
  [`${R}/src/api/live.ts`]: { importedIds: [], dynamicallyImportedIds: [] },
  [`${R}/src/views/Dashboard.tsx`]: { importedIds: [], dynamicallyImportedIds: [] },
  [`${R}/node_modules/zod/index.js`]: { importedIds: [], dynamicallyImportedIds: [] },
  [`${R}/node_modules/react/index.js`]: { importedIds: [], dynamicallyImportedIds: [] },
  [`${R}/node_modules/@ariakit/react/index.js`]: { importedIds: [], dynamicallyImportedIds: [] },
  [`${R}/src/locales/en/messages.po`]: { importedIds: [], dynamicallyImportedIds: [] },
};
// biome-ignore lint/suspicious/noExplicitAny: the bundler's ModuleInfo has many more fields than these tests need
const ctx = { getModuleInfo: (id: string) => (graph[id] ?? null) as any };

describe('the parts the build bundles together', () => {
  const name = partOf(R);
  const part = (id: string) => name(`${R}/${id}`, ctx);

  it('puts what the entry and the sign-in page import statically in core', () => {
    expect(part('src/main.tsx')).toBe('core');
    expect(part('src/views/login/LoginView.tsx')).toBe('core');
    expect(part('src/ui/Button.tsx')).toBe('core');
  });

  it('puts what the signed-in frame and the numbers watch add in shell', () => {
    expect(part('src/app/SignedInApp.tsx')).toBe('shell');
    expect(part('src/ui/Dialog.tsx')).toBe('shell');
    expect(part('src/api/live.ts')).toBe('shell');
  });

  it('leaves out what the sign-in page loads with its first call, the screens, the texts and the libraries', () => {
    expect(part('src/api/request.ts')).toBeNull();
    expect(part('node_modules/zod/index.js')).toBeNull();
    expect(part('src/views/Dashboard.tsx')).toBeNull();
    expect(part('src/locales/en/messages.po')).toBeNull();
    expect(part('node_modules/react/index.js')).toBeNull();
    expect(part('node_modules/@ariakit/react/index.js')).toBeNull();
  });
});

describe('the parts of a demo build', () => {
  /** The same app, whose entry starts the demo's backend first: mocks, their library, and a call they share. */
  const demoGraph: typeof graph = {
    ...graph,
    [`${R}/src/main.tsx`]: {
      importedIds: [`${R}/src/ui/Button.tsx`],
      dynamicallyImportedIds: [`${R}/src/app/SignedInApp.tsx`, `${R}/src/demo/start.ts`],
    },
    [`${R}/src/demo/start.ts`]: { importedIds: [`${R}/mocks/browser.ts`], dynamicallyImportedIds: [] },
    [`${R}/mocks/browser.ts`]: {
      importedIds: [`${R}/node_modules/msw/browser.js`, `${R}/src/api/request.ts`, `${R}/src/ui/Button.tsx`],
      dynamicallyImportedIds: [],
    },
    [`${R}/node_modules/msw/browser.js`]: { importedIds: [], dynamicallyImportedIds: [] },
  };
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const demoCtx = { getModuleInfo: (id: string) => (demoGraph[id] ?? null) as any };
  const name = partOf(R, { demo: true });
  const part = (id: string) => name(`${R}/${id}`, demoCtx);

  it('keeps the entry, which waits for the backend, out of the core that the backend imports', () => {
    expect(part('src/main.tsx')).toBeNull();
    expect(part('src/ui/Button.tsx')).toBe('core');
    expect(part('src/app/SignedInApp.tsx')).toBe('shell');
  });

  it('bundles the backend and what only it uses, and apart from it what the app uses too', () => {
    expect(part('src/demo/start.ts')).toBe('demo-backend');
    expect(part('mocks/browser.ts')).toBe('demo-backend');
    expect(part('node_modules/msw/browser.js')).toBe('demo-backend');
    expect(part('src/api/request.ts')).toBe('demo-shared');
    expect(part('src/views/Dashboard.tsx')).toBeNull();
  });
});
