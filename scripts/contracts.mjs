// Contracts in two steps, because the pact file must be complete before it is verified:
// 1. consumer tests write it from scratch (and note what the client itself read); 2. the mock backend is
// verified against it, and every example in it is checked against the client's schemas.
import { mkdirSync, rmSync } from 'node:fs';
import { bin, run } from './run.mjs';

process.env.PACT_DO_NOT_TRACK = 'true';
mkdirSync('test-results', { recursive: true });
rmSync('contracts/pacts', { recursive: true, force: true });
rmSync('test-results/contract-client-reads.json', { force: true });
const vitest = (filter, report) => [
  'run',
  '--config',
  'vitest.contracts.config.ts',
  filter,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=test-results/${report}.json`,
];
const consumer = run(bin('vitest'), vitest('pact.test', 'contracts-consumer'));
if (consumer !== 0) process.exit(consumer);
process.exit(run(bin('vitest'), vitest('verify.test', 'contracts-verify')));
