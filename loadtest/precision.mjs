#!/usr/bin/env node
// `make precision RUNS="<run> …"` (default: the newest run): the ratio intervals' half-widths had each run stopped
// after 3, 4, … of its repeats, per window length and workload (reports/precision.mjs), as a Markdown table.
import { formatPrecision, precisionTable } from './reports/precision.mjs';
import { readSummary, runNames } from './reports/runs.mjs';

try {
  const names = (process.argv.slice(2).join(' ') || process.env.RUNS || '').split(/[\s,]+/).filter(Boolean);
  const runs = names.length ? names : runNames().slice(-1);
  if (!runs.length) throw new Error('no run to read: set RUNS="<run> …"');
  const table = precisionTable(runs.map(readSummary));
  if (!table.length) throw new Error('no run with 3 or more repeats among them');
  console.log(formatPrecision(table));
} catch (error) {
  console.error(`precision: ${error.message}`);
  process.exitCode = 2;
}
