import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../lib/stacks.mjs';
import { brokenLinks, markdownFiles, slug } from '../checks/links.mjs';

// A section moved from the README to docs/ leaves links behind in the stacks' READMEs; this finds them.
test('every relative link in README.md, CONTRIBUTING.md, docs/*.md and */README.md names a file and heading that exist', () => {
  const files = markdownFiles(ROOT).map((f) => relative(ROOT, f));
  for (const file of ['README.md', 'CONTRIBUTING.md', 'docs/bench.md', 'docs/layout.md', 'loadtest/README.md', 'java-vertx/README.md']) {
    assert.ok(files.includes(file), `${file} is checked`);
  }
  const broken = markdownFiles(ROOT).flatMap((file) => brokenLinks(file, ROOT)
    .map((p) => `${relative(ROOT, file)}:${p.line}: (${p.target}) ${p.problem}`));
  assert.deepEqual(broken, []);
});

test('a link to a missing file or heading is found, one in code or to another site is not', () => {
  const root = mkdtempSync(join(tmpdir(), 'links-'));
  mkdirSync(join(root, 'docs'));
  writeFileSync(join(root, 'docs/page.md'), '# A page\n\n## The `make bench` section\n\ntext\n');
  writeFileSync(join(root, 'README.md'), [
    '# Title', '',
    'Good: [page](docs/page.md), [its section](docs/page.md#the-make-bench-section), [here](#title),',
    '[a site](https://example.com/missing.md), `[in code](nowhere.md)`.', '',
    '```sh', 'see [fenced](nowhere-either.md)', '```', '',
    'Bad: [moved](docs/moved.md), [gone](docs/page.md#the-bench), [local](#nothing),',
    '![chart](../example-run/throughput.svg).', '',
  ].join('\n'));
  assert.deepEqual(brokenLinks(join(root, 'README.md'), root).map((p) => [p.line, p.target]),
    [[10, 'docs/moved.md'], [10, 'docs/page.md#the-bench'], [10, '#nothing'], [11, '../example-run/throughput.svg']]);
  assert.equal(slug("Against TechEmpower's entries"), 'against-techempowers-entries');
  assert.equal(slug('The 4-core VM'), 'the-4-core-vm');
});
