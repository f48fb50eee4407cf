// make site, built from this checkout (CI's is a fresh clone) and read in a real browser (Debian's Chromium, through
// the conformance suite's playwright-core): every workload's page lists every stack in every role, the diff switch
// changes what a column shows and switches back, a figure on a page is summary.json's and REPORT.md's, every link
// to a file finds it, and a site with no run says so. The figures come from the smoke bench that make harness-test
// runs just before (SITE_TEST_RUN names another run); RUN_DIR is a scratch directory, so no calibration run kept on
// this machine shows: the calibration lines are docs/calibration.md's, as on a fresh clone.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, RUN_DIR } from '../../harness/lib/stacks.mjs';
import { readSources } from '../lib/sources.mjs';
import { allDeviations, deviationsOf } from '../lib/deviations.mjs';
import { pageOf } from '../lib/pages.mjs';
import { WORKLOADS } from '../../loadtest/run/profiles.mjs';

const { chromium } = createRequire(join(ROOT, 'spec/conformance/package.json'))('playwright-core');
const CHROMIUM = '/usr/bin/chromium';
const RUN = process.env.SITE_TEST_RUN || join(RUN_DIR, 'bench-smoke/latest');
const { stacks, workloads } = readSources();
const names = stacks.map((s) => s.name);
const scratch = mkdtempSync(join(tmpdir(), 'site-test-'));

function build(name, env) {
  const dir = join(scratch, name);
  const run = spawnSync(process.execPath, [join(ROOT, 'site/build.mjs')], {
    env: { ...process.env, SITE_DIR: dir, RUN_DIR: join(scratch, 'run-dir'), ...env }, encoding: 'utf8' });
  assert.equal(run.status, 0, `make site exited ${run.status}: ${run.stderr}`);
  return dir;
}

// The local addresses of a page's links, each resolved against the page's directory.
async function localLinks(page) {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.href));
  return hrefs.filter((h) => h.startsWith('file:')).map((h) => fileURLToPath(h.replace(/#.*$/, '')));
}

let browser;
let site;
let summary;
const errors = [];

async function open(dir, file) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  page.on('pageerror', (error) => errors.push(`${file}: ${error.message}`));
  await page.goto(pathToFileURL(join(dir, file)).href);
  return page;
}

before(async () => {
  assert.ok(existsSync(join(RUN, 'summary.json')), `no bench run at ${RUN}: make harness-test runs the smoke bench first (or SITE_TEST_RUN=<a run>)`);
  summary = JSON.parse(readFileSync(join(RUN, 'summary.json'), 'utf8'));
  site = build('with-run', { RUN });
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing (make browser installs it)`);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, timeout: 30_000,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--no-proxy-server'] });
});

after(async () => {
  assert.deepEqual(errors, [], 'no script error on any page');
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('make site', () => {
  test('writes an index and a page per workload of spec/layout.json', () => {
    for (const file of ['index.html', ...workloads.map(pageOf), 'assets/site.js', 'assets/diff.min.js', 'assets/github.min.css']) {
      assert.ok(existsSync(join(site, file)), `${file} is written`);
    }
  });

  test('every workload of make bench has a page: spec/layout.json names each by its bench name', () => {
    assert.deepEqual(workloads.map((w) => w.bench).filter(Boolean).sort(), [...WORKLOADS].sort());
  });

  test('every workload page lists every stack in every role, each file highlighted, and its framework-only files', async () => {
    for (const workload of workloads) {
      const page = await open(site, pageOf(workload));
      const roles = await page.locator('section.role').evaluateAll((sections) => sections.map((s) => ({
        role: s.dataset.role, stacks: [...s.querySelectorAll('.cell')].map((c) => c.dataset.stack),
        unhighlighted: [...s.querySelectorAll('.cell')].filter((c) => c.querySelector('pre.code') && !c.querySelector('.hljs-keyword'))
          .map((c) => c.dataset.stack) })));
      assert.deepEqual(roles.map((r) => r.role), workload.roles.map((r) => r.java), `${workload.name}: its roles`);
      for (const role of roles) {
        assert.deepEqual(role.stacks, names, `${workload.name} / ${role.role}: every stack`);
        assert.deepEqual(role.unhighlighted, [], `${workload.name} / ${role.role}: every file highlighted`);
      }
      const extras = await page.locator('details.extra summary').allTextContents();
      assert.deepEqual(extras.length, workload.extras.length, `${workload.name}: its framework-only files`);
      for (const extra of workload.extras) {
        assert.ok(extras.some((e) => e.includes(extra.stack) && e.includes(extra.reason)), `${extra.path} with its reason`);
      }
      for (const file of await localLinks(page)) assert.ok(existsSync(file), `${workload.name}: a link to ${file}, which exists`);
      await page.close();
    }
  });

  test('the diff switch shows each column against the chosen stack, and none shows each file whole again', async () => {
    const page = await open(site, pageOf(workloads.find((w) => w.package === 'bookings')));
    const reactor = page.locator('#BookingStore .cell[data-stack="java-reactor"]');
    const node = page.locator('#BookingStore .cell[data-stack="node-express"]');
    const whole = await reactor.locator('pre.code').innerHTML();
    const nodeWhole = await node.locator('pre.code').innerHTML();
    assert.equal(await reactor.locator('.line.add, .line.del').count(), 0);

    await page.selectOption('#diff-base', 'java-vertx');
    assert.ok(await reactor.locator('.line.add').count() > 0 && await reactor.locator('.line.del').count() > 0, 'added and removed lines');
    assert.match(await reactor.locator('.badge').textContent(), /^\+\d+ −\d+ against java-vertx$/);
    assert.notEqual(await reactor.locator('pre.code').innerHTML(), whole, 'the column changed');
    assert.equal(await node.locator('pre.code').innerHTML(), nodeWhole, 'another language stays whole');
    assert.match(await node.locator('.badge').textContent(), /another language/);
    assert.ok(await page.locator('#BookingStore .cell[data-stack="java-vertx"]').evaluate((c) => c.classList.contains('base')));
    // A shared file is shown once, from java-contract: a Java stack's cell only points to it.
    assert.equal(await page.locator('#Allocation .shared-file pre.code').count(), 1);
    assert.equal(await page.locator('#Allocation .cell[data-stack="java-reactor"] pre.code').count(), 0);

    await page.selectOption('#diff-base', '');
    assert.equal(await reactor.locator('pre.code').innerHTML(), whole, 'whole again');
    await page.locator('#wrap').check();
    assert.equal(await reactor.locator('.line').first().evaluate((l) => getComputedStyle(l).whiteSpace), 'pre-wrap', 'long lines wrap');
    await page.locator('input[data-show-stack="java-spring5"]').uncheck();
    assert.ok(await page.locator('#BookingStore .cell[data-stack="java-spring5"]').isHidden(), 'a stack can be hidden');
    await page.close();
  });

  test('a figure on a workload page is the one in summary.json, its verdict REPORT.md\'s', async () => {
    const report = readFileSync(join(RUN, 'REPORT.md'), 'utf8');
    for (const row of summary.results.filter((r) => r.workload !== 'chat')) {
      const page = await open(site, pageOf(workloads.find((w) => w.bench === row.workload)));
      const line = page.locator(`section.run[data-label="${row.label}"] tr[data-stack="${row.stack}"]`);
      const throughput = line.locator('td[data-field="throughput"]');
      assert.equal(Number(await throughput.getAttribute('data-value')), row.throughput.median, `${row.label}: req/s`);
      // The median, then its interval where the run has one.
      assert.ok((await throughput.textContent()).startsWith(row.throughput.median.toLocaleString('en-US', { maximumFractionDigits: 0 })));
      // p99: the median of the repeats' own where it has an interval, else the run's.
      const p99 = row.intervals?.p99?.low != null ? row.intervals.p99.median : row.latencyMs.p99;
      assert.equal(Number(await line.locator('td[data-field="p99"]').getAttribute('data-value')), p99);
      assert.equal(Number(await line.locator('td[data-field="serverCpu"]').getAttribute('data-value')), row.cpuPercent.mean);
      const section = report.slice(report.indexOf(`\n### ${row.label}\n`) + 1).split('\n### ')[0];
      const reportLine = section.split('\n').find((l) => l.includes(`| \`${row.stack}\` | ${row.generator} | `));
      for (const field of ['bottleneck', 'verdict']) {
        assert.ok(reportLine.includes(` ${await line.locator(`td[data-field="${field}"]`).textContent()} |`), `${row.label}: ${field} as in REPORT.md`);
      }
      assert.match(await page.locator('#figures .source').textContent(), new RegExp(summary.run));
      await page.close();
    }
    const hello = await open(site, pageOf(workloads.find((w) => w.bench === 'hello')));
    const calibrated = await hello.locator('.calibration li').evaluateAll((lines) => lines.map((l) => l.dataset.stack));
    assert.deepEqual(calibrated, names, 'a calibration line per stack');
    assert.equal(await hello.locator('.calibration li a').count(), names.length, 'each linked to the docs/calibration.md table it is from');
    await hello.close();
  });

  test('a run without a workload says so on its page, and names the stacks it left out', async () => {
    const partial = join(scratch, 'results/chat-only');
    mkdirSync(partial, { recursive: true });
    writeFileSync(join(partial, 'summary.json'), JSON.stringify({ ...summary, run: 'chat-only',
      results: summary.results.filter((r) => r.workload === 'chat'), latency: [] }));
    const dir = build('chat-only', { RUN: partial });
    const page = await open(dir, pageOf(workloads.find((w) => w.bench === 'bookings')));
    assert.match(await page.locator('#figures .no-run').textContent(), /^No run of bookings in chat-only: that run measured chat/);
    await page.close();
    const chat = await open(dir, pageOf(workloads.find((w) => w.bench === 'chat')));
    const measured = new Set(summary.results.filter((r) => r.workload === 'chat').map((r) => r.stack.split(':')[0]));
    const missing = names.filter((n) => !measured.has(n));
    assert.deepEqual(await chat.locator('#figures .missing').allTextContents(), missing.length ? [`Not in this run: ${missing.join(', ')}.`] : []);
    await chat.close();
  });

  test('with no bench run, every bench workload\'s page says so', async () => {
    const empty = build('no-run', { RUN: join(scratch, 'nothing-here') });
    for (const workload of workloads) {
      const page = await open(empty, pageOf(workload));
      const text = await page.locator('#figures .no-run').textContent();
      assert.match(text, workload.bench ? /^No run/ : /does not measure/, workload.name);
      assert.equal(await page.locator('table.figures').count(), 0);
      await page.close();
    }
  });

  test('a deviation shows on the pages of the workload its check is about, or on every page when it names none', () => {
    const bookings = workloads.find((w) => w.package === 'bookings');
    const hello = workloads.find((w) => w.package === 'hello');
    const outage = { target: 'x', suite: 'faults', test: 'Once the database answers again, bookings succeed again within 2 s' };
    const head = { target: 'y', suite: 'fuzz', test: 'HEAD and 304 responses have no body' };
    // A conformance clause belongs to its test file's workload (static.test.mjs), whatever its words.
    const symlink = { target: 'z', suite: 'conformance', test: 'A symlink inside the root is served: link-to-hello.txt → 200 with hello.txt' };
    const everyResponse = { target: 'w', suite: 'conformance', test: 'Every response: Date header; Content-Length or chunked; Content-Type whenever there is a body' };
    assert.deepEqual(deviationsOf(bookings, [outage, head], workloads), [outage, head]);
    assert.deepEqual(deviationsOf(hello, [outage, head], workloads), [head]);
    assert.deepEqual(workloads.filter((w) => deviationsOf(w, [symlink], workloads).length).map((w) => w.package), ['statics']);
    assert.equal(workloads.filter((w) => deviationsOf(w, [everyResponse], workloads).length).length, workloads.length);
    // A fuzz check is placed by the fuzzer's file that holds it (fuzz/chat.mjs), though its name says no "chat".
    const closeFrame = { target: 'v', suite: 'fuzz', test: 'After the close frame of a violation the server keeps reading until the peer answers it with its own close frame' };
    assert.deepEqual(workloads.filter((w) => deviationsOf(w, [closeFrame], workloads).length).map((w) => w.package), ['chat']);
  });

  test('every declared deviation is on the page of a workload it concerns, with its reason', async () => {
    const declared = allDeviations(stacks);
    assert.ok(declared.length > 0);
    const shown = [];
    for (const workload of workloads) {
      const page = await open(site, pageOf(workload));
      shown.push(...await page.locator('#deviations li').allTextContents());
      await page.close();
    }
    for (const d of declared) {
      assert.ok(shown.some((text) => text.includes(d.target) && text.includes(d.test) && text.includes(d.reason)), `${d.target}: ${d.test}`);
    }
  });
});
