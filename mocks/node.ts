import { setupServer } from 'msw/node';
import { resetDb } from './db';
import { handlers } from './handlers';
import { resetInvoiceFailures } from './handlers/invoices';
import { resetMockOptions, type ScenarioName, scenarioHandlers } from './scenarios';
import { type SeedDemoOptions, seedDemo } from './seed';

/** The mock backend for tests in Node: `server.listen()` in beforeAll, `server.close()` in afterAll. */
export const server = setupServer(...handlers);

/** Back to the plain handlers, default options and an empty db (no plans, no users). */
export function resetMockBackend(): void {
  // The plain handlers again, even after a test replaced them all (resetHandlers with a list): the next test,
  // or the next file sharing this module, starts from the whole backend.
  server.resetHandlers(...handlers);
  resetMockOptions();
  resetInvoiceFailures();
  resetDb();
}

/** Reset, then seed the demo (owner@demo.test and admin@demo.test, tokens demo-owner-token / demo-admin-token). */
export async function resetAndSeed(options: SeedDemoOptions = {}) {
  resetMockBackend();
  return seedDemo(options);
}

/** Puts a scenario's handlers in front until the next resetMockBackend (its data part is up to the test). */
export function switchScenario(name: ScenarioName): void {
  server.use(...scenarioHandlers(name));
}
