#!/usr/bin/env node
// `make report [RUN=results/<run>]`: (re)writes REPORT.md and charts/*.svg of a run from its summary.json.
// The bench calls writeReport itself at the end of every run.
import { writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../harness/lib/stacks.mjs';
import { CHARTS, renderChart } from './reports/charts.mjs';
import { loadClaims, evaluateClaims } from './reports/claims.mjs';
import { renderReport } from './reports/report.mjs';
import { readSummary } from './reports/runs.mjs';

/** Writes runDir/REPORT.md and runDir/charts/; returns the report's path and the charts drawn. */
export async function writeReport(runDir) {
  const summary = readSummary(runDir);
  const chartDir = join(runDir, 'charts');
  rmSync(chartDir, { recursive: true, force: true });
  mkdirSync(chartDir, { recursive: true });
  const drawn = [];
  for (const chart of CHARTS) {
    const svg = await renderChart(chart, summary.results ?? [], summary);
    if (!svg) continue;
    writeFileSync(join(chartDir, chart.file), svg);
    drawn.push(chart);
  }
  const claims = evaluateClaims(loadClaims(), summary.results ?? []);
  const report = join(runDir, 'REPORT.md');
  writeFileSync(report, renderReport(summary, { charts: drawn, claims }));
  return { report, charts: drawn.map((c) => join(chartDir, c.file)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runDir = resolve(ROOT, process.argv[2] || process.env.RUN || 'results/latest');
  writeReport(runDir).then(({ report, charts }) => console.log(`${report} (${charts.length} charts)`), (error) => {
    console.error(`report: ${error.message}`);
    process.exitCode = 1;
  });
}
