#!/usr/bin/env node
// `make layout`: every stack's files against spec/layout.json, docs/layout.md's table against both, and every
// list of the stacks against */stack.json (checks/stack-lists.mjs). Exits non-zero on any difference. `--readme`
// rewrites docs/layout.md's table and the README's stack table instead (`make readme-layout`). The harness's floor
// plan too: each room of harness/rooms.json has its README, and no import points the wrong way (checks/rooms.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/stacks.mjs';
import { layoutProblems, layoutTable } from '../lib/layout.mjs';
import { stackListProblems } from './stack-lists.mjs';
import { writeStackTable } from './stack-table.mjs';
import { floorPlanProblems, sharedPinProblems } from './rooms.mjs';

const BEGIN = '<!-- layout:begin (spec/layout.json, then make readme-layout) -->';
const END = '<!-- layout:end -->';
const PAGE = join(ROOT, 'docs/layout.md');

function withTable(text) {
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from === -1 || to === -1) throw new Error(`docs/layout.md has no ${BEGIN} … ${END} markers`);
  return `${text.slice(0, from)}${BEGIN}\n\n${layoutTable()}\n\n${text.slice(to)}`;
}

const page = readFileSync(PAGE, 'utf8');
if (process.argv.includes('--readme')) {
  writeFileSync(PAGE, withTable(page));
  writeStackTable();
} else {
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const problems = [...layoutProblems(), ...stackListProblems(), ...floorPlanProblems(ROOT, tracked), ...sharedPinProblems(ROOT)];
  if (withTable(page) !== page) problems.push('docs/layout.md: the layout table differs from spec/layout.json; run make readme-layout');
  for (const problem of problems) console.error(`layout: ${problem}`);
  if (problems.length) process.exit(1);
  console.log('layout: every stack has the files of spec/layout.json, and every list of the stacks is */stack.json, every room of the harness keeps its arrows');
}
