#!/usr/bin/env node
// `make readme-results [RUN=results/<run>]`: puts one real chart and one real table of a run into docs/results.md
// (between its results markers), so what that page shows is always regenerated, never pasted.
import { readFileSync, writeFileSync, mkdirSync, copyFileSync, existsSync } from 'node:fs';
import { join, resolve, relative, dirname } from 'node:path';
import { ROOT } from '../harness/lib/stacks.mjs';
import { renderWorkload, repeatsPerPoint } from './reports/report.mjs';
import { writeReport } from './report.mjs';
import { readSummary } from './reports/runs.mjs';

const BEGIN = '<!-- results:begin (make readme-results) -->';
const END = '<!-- results:end -->';
// The charts and tables a reader sees first: throughput with server CPU, open-loop latency against offered rate,
// and the hello, echo and bookings tables (each row with its bottleneck, its intervals and its rank where it has
// one; under each table the ties and the unranked rows, so no prose ranks what the intervals do not separate).
const CHARTS = [['throughput.svg', 'Throughput per workload, with the server\'s CPU'], ['latency-rate.svg', 'Open-loop latency against offered rate']];
const TABLES = (process.env.README_WORKLOADS || 'hello echo bookings').split(/\s+/).filter(Boolean);
const EXAMPLE_DIR = join(ROOT, 'loadtest/example-run');

const repeatsText = (summary) => {
  const n = summary.profileSettings?.repeat ?? 1;
  return n > 1 ? `${repeatsPerPoint(summary.profileSettings).replace(' per point', '')}, each a fresh start, the stacks' order rotated between them`
    : '1 run, no intervals';
};

export async function updateReadme(runDir, { page = join(ROOT, 'docs/results.md'), exampleDir = EXAMPLE_DIR } = {}) {
  const summary = readSummary(runDir);
  if (!existsSync(join(runDir, 'charts', CHARTS[0][0]))) await writeReport(runDir);
  mkdirSync(exampleDir, { recursive: true });
  const charts = CHARTS.filter(([file]) => existsSync(join(runDir, 'charts', file)));
  for (const [file] of charts) copyFileSync(join(runDir, 'charts', file), join(exampleDir, file));
  const tables = TABLES.filter((label) => summary.results.some((r) => r.label === label));
  const stacks = new Set(summary.results.map((r) => r.stack)).size;
  const section = [BEGIN, '',
    `From run \`${summary.run}\` (profile \`${summary.profile}\`, ${repeatsText(summary)}, ${stacks} stacks, ` +
      `${summary.environment.cores} cores, git ${summary.environment.git?.sha?.slice(0, 12) ?? '?'}); ` +
      'the whole report of a run is `results/latest/REPORT.md`.', '',
    ...charts.flatMap(([file, title]) => [`![${title}](${relative(dirname(page), join(exampleDir, file))})`, '']),
    ...tables.flatMap((label) => [renderWorkload(summary.results, label, { links: false, pinning: summary.environment?.pinning })
      .replace(/^### /, '## '), '']),
    END].join('\n');
  const text = readFileSync(page, 'utf8');
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from === -1 || to === -1) throw new Error(`${page} has no ${BEGIN} … ${END} markers`);
  writeFileSync(page, text.slice(0, from) + section + text.slice(to + END.length));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runDir = resolve(ROOT, process.argv[2] || process.env.RUN || 'results/latest');
  updateReadme(runDir).then(() => console.log(`docs/results.md: results of ${runDir}`), (error) => {
    console.error(`readme-results: ${error.message}`);
    process.exitCode = 1;
  });
}
