// make site, built from this checkout and read in a real browser (Debian's Chromium, through the conformance suite's
// playwright-core): every workload's page lists every stack in every role, the diff switch changes what a column
// shows and switches back, a figure on a page is summary.json's, and a site with no run says so. The figures come
// from the smoke bench that make harness-test runs just before (SITE_TEST_RUN names another run).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, RUN_DIR } from '../../scripts/lib/stacks.mjs';
import { readSources } from '../lib/sources.mjs';
import { allDeviations, deviationsOf } from '../lib/deviations.mjs';
import { pageOf } from '../lib/pages.mjs';
import { WORKLOADS } from '../../loadtest/lib/profiles.mjs';

const { chromium } = createRequire(join(ROOT, 'spec/conformance/package.json'))('playwright-core');
const CHROMIUM = '/usr/bin/chromium';
const RUN = process.env.SITE_TEST_RUN || join(RUN_DIR, 'bench-smoke/latest');
const { stacks, workloads } = readSources();
const names = stacks.map((s) => s.name);
const scratch = mkdtempSync(join(tmpdir(), 'site-test-'));

function build(name, env) {
  const dir = join(scratch, name);
  const run = spawnSync(process.execPath, [join(ROOT, 'site/build.mjs')], { env: { ...process.env, SITE_DIR: dir, ...env }, encoding: 'utf8' });
  assert.equal(run.status, 0, `make site exited ${run.status}: ${run.stderr}`);
  return dir;
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

  test('every workload page lists every stack in every role, each Java and Node file highlighted', async () => {
    for (const workload of workloads) {
      const page = await open(site, pageOf(workload));
      const roles = await page.locator('section.role').evaluateAll((sections) => sections.map((s) => ({
        role: s.dataset.role, stacks: [...s.querySelectorAll('.cell')].map((c) => c.dataset.stack),
        highlighted: s.querySelectorAll('.cell pre.code .hljs-keyword').length })));
      assert.deepEqual(roles.map((r) => r.role), workload.roles.map((r) => r.java), `${workload.name}: its roles`);
      for (const role of roles) {
        assert.deepEqual(role.stacks, names, `${workload.name} / ${role.role}: every stack`);
        assert.ok(role.highlighted > 0, `${workload.name} / ${role.role}: highlighted`);
      }
      await page.close();
    }
    assert.deepEqual(errors, []);
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
    // A file that differs from the base by its package line alone shows exactly that.
    assert.equal(await page.locator('#Allocation .cell[data-stack="java-reactor"] .badge').textContent(), '+1 −1 against java-vertx');

    await page.selectOption('#diff-base', '');
    assert.equal(await reactor.locator('pre.code').innerHTML(), whole, 'whole again');
    await page.locator('input[data-show-stack="java-spring5"]').uncheck();
    assert.ok(await page.locator('#BookingStore .cell[data-stack="java-spring5"]').isHidden(), 'a stack can be hidden');
    await page.close();
    assert.deepEqual(errors, []);
  });

  test('a figure on a workload page is the one in summary.json', async () => {
    const row = summary.results.find((r) => r.workload === 'hello');
    const page = await open(site, pageOf(workloads.find((w) => w.bench === 'hello')));
    const cell = page.locator(`table.figures tr[data-stack="${row.stack}"] td[data-field="throughput"]`);
    assert.equal(Number(await cell.getAttribute('data-value')), row.throughput.median);
    assert.equal(await cell.textContent(), row.throughput.median.toLocaleString('en-US', { maximumFractionDigits: 0 }));
    const p99 = page.locator(`table.figures tr[data-stack="${row.stack}"] td[data-field="p99"]`);
    assert.equal(Number(await p99.getAttribute('data-value')), row.latencyMs.p99);
    assert.match(await page.locator('#figures .source').textContent(), new RegExp(summary.run));
    assert.equal(await page.locator('.calibration li').count() >= names.length, true, 'a calibration line per stack');
    await page.close();
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
    assert.ok(allDeviations(stacks).every((d) => d.suite && d.test && d.target), 'every declared deviation is read');
  });
});
