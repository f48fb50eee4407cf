#!/usr/bin/env node
// `make compare A=<run> B=<run>`: prints B against A per stack × workload (loadtest/reports/compare.mjs says
// when a delta counts as a change), then whether B confirms A: the share of rows whose intervals overlap
// (reports/agreement.mjs). A run is a folder under results/ or a path; B defaults to the newest run
// and A to the one before it.
import { formatComparison } from './reports/compare.mjs';
import { agreement, formatAgreement } from './reports/agreement.mjs';
import { readSummary, resultsRoot, runNames } from './reports/runs.mjs';

function defaults() {
  const runs = runNames();
  if (runs.length < 2) throw new Error(`make compare needs two runs: set A=<run> B=<run> (found ${runs.length} under ${resultsRoot()})`);
  return runs.slice(-2);
}

try {
  const [fallbackA, fallbackB] = process.argv[2] && process.argv[3] ? [] : defaults();
  const [a, b] = [process.argv[2] || fallbackA, process.argv[3] || fallbackB].map(readSummary);
  console.log(formatComparison(a, b));
  console.log(`\n${formatAgreement(agreement(a, b))}`);
} catch (error) {
  console.error(`compare: ${error.message}`);
  process.exitCode = 2;
}
