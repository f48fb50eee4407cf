#!/usr/bin/env node
// `make test` (harness-test): the compose runtime checked statically, since no Docker engine runs here.
// Usage: harness/checks/compose-check.mjs [root]  (default: this checkout). Exit 1 with one line per problem.
import { resolve } from 'node:path';
import { ROOT, loadStacks } from '../lib/stacks.mjs';
import { composeProblems } from '../runtimes/compose/compose.mjs';

const root = resolve(process.argv[2] ?? ROOT);
try {
  const problems = composeProblems(root);
  if (problems.length) {
    for (const problem of problems) console.error(`compose: ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(`compose: docker-compose.yml valid against the compose-spec schema; ${loadStacks(root).length} stacks ` +
      'match their services (port, environment, Dockerfile and build args, /health probe) and their images ' +
      '(EXPOSE, CMD); COPY sources present; images pinned by tag');
  }
} catch (error) {
  console.error(`compose: ${error.message}`);
  process.exitCode = 1;
}
