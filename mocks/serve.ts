import { liveHeartbeat } from './handlers/live';
import { type MockHttpServer, startMockHttpServer } from './http';
import { scenarioSeed, toScenario } from './scenarios';
import { DEMO_ADMIN, DEMO_OWNER, seedDemo } from './seed';

export const DEFAULT_PORT = 4010;

/**
 * The mock API as a standalone server (scripts/mock-api.mjs loads this file and calls main). Node only, no
 * browser imports. The scenario comes from the option or MOCK_SCENARIO.
 */
export async function main(
  options: { host?: string; port?: number; scenario?: string | null } = {},
): Promise<MockHttpServer> {
  const scenario = toScenario(options.scenario ?? process.env.MOCK_SCENARIO);
  // Its clients are browsers and tools that expect a real server's heartbeat on the live events stream.
  liveHeartbeat.on = true;
  await seedDemo(scenarioSeed(scenario));
  const server = await startMockHttpServer({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? DEFAULT_PORT,
    scenario,
  });
  console.log(`Mock API on ${server.url}/api/v1 (scenario: ${scenario})`);
  console.log(`  ${DEMO_OWNER.email}: Authorization: Bearer ${DEMO_OWNER.token}`);
  console.log(`  ${DEMO_ADMIN.email}: Authorization: Bearer ${DEMO_ADMIN.token}`);
  return server;
}
