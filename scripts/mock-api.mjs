// `npm run mock-api [scenario]`: the mock backend over real HTTP on 127.0.0.1 (PORT, default 4010), for
// tools like curl or for pointing a development build at it. Vite's module runner loads the TypeScript.
import { runnerImport } from 'vite';

const { module } = await runnerImport('./mocks/serve.ts', { configFile: false, logLevel: 'warn' });
const server = await module.main({
  port: Number(process.env.PORT ?? module.DEFAULT_PORT),
  scenario: process.argv[2] ?? process.env.MOCK_SCENARIO ?? null,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
