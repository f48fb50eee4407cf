// The site's HTML: an index, and one page per workload of spec/layout.json with its figures, every role's file of
// every stack in columns, the files one framework alone needs, and the deviations that concern it. Plain files
// opened from disk: the stylesheets and scripts are beside them (assets/), every link is relative.
import { join, relative, sep } from 'node:path';
import { highlightLines } from './highlight.mjs';

const escapeHtml = (text) => String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The page file of a workload: its name as a slug ("static files" → static-files.html). */
export const pageOf = (workload) => `${workload.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.html`;

function layout({ title, current, workloads, body, stamp }) {
  const nav = [['index.html', 'all stacks'], ...workloads.map((w) => [pageOf(w), w.name])]
    .map(([href, label]) => `<a href="${href}"${href === current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · reference servers side by side</title>
<link rel="stylesheet" href="assets/github.min.css">
<link rel="stylesheet" href="assets/site.css">
<script src="assets/diff.min.js" defer></script>
<script src="assets/site.js" defer></script>
</head>
<body>
<header class="top"><nav>${nav}</nav></header>
<main>
${body}
</main>
<footer>${escapeHtml(stamp)}</footer>
</body>
</html>
`;
}

// A file's address from a page: relative, so the site opens from wherever it was written, each segment URL-encoded.
const href = (fromDir, file) => relative(fromDir, file).split(sep).map(encodeURIComponent).join('/');
const link = (fromDir, file, label, fragment) =>
  `<a href="${escapeHtml(href(fromDir, file))}${fragment ? `#${fragment}` : ''}">${escapeHtml(label)}</a>`;
// A source file's link in its column: its last two segments (bookings/Bookings.java, src/bookings.js), the path as its title.
const fileLink = (fromDir, root, path) =>
  `<a href="${escapeHtml(href(fromDir, join(root, path)))}" title="${escapeHtml(path)}">${escapeHtml(path.split('/').slice(-2).join('/'))}</a>`;

function htmlTable({ header, body, note }, className) {
  const head = `<tr>${header.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr>`;
  // The stack's cell heads its row, wherever it stands (REPORT.md's throughput tables put the rank before it).
  const rows = body.map((cells) => {
    const stack = cells.find((c) => c.field === 'stack') ?? cells[0];
    return `<tr data-stack="${escapeHtml(stack.text)}">${cells.map((c) => {
      const attrs = `${c.field ? ` data-field="${c.field}"` : ''}${typeof c.value === 'number' ? ` data-value="${c.value}"` : ''}`;
      return c === stack ? `<th scope="row"${attrs}>${escapeHtml(c.text)}</th>` : `<td${attrs}>${escapeHtml(c.text)}</td>`;
    }).join('')}</tr>`;
  });
  return `<div class="table"><table class="${className}"><thead>${head}</thead><tbody>${rows.join('\n')}</tbody></table></div>` +
    (note ? `<p class="note">${escapeHtml(note.replace(/`/g, ''))}</p>` : '');
}

function figuresSection(workload, { run, figures, calibration, siteDir }) {
  if (!workload.bench) {
    return `<section id="figures"><h2>Figures</h2><p class="no-run">make bench does not measure ${escapeHtml(workload.name)}: ` +
      'it is part of the contract every stack meets (make conformance), not a bench workload.</p></section>';
  }
  const parts = ['<section id="figures"><h2>Figures</h2>'];
  if (!run) {
    parts.push(`<p class="no-run">No run: there is no bench run to show (make bench writes results/latest; make site RUN=&lt;a run&gt; shows another).</p>`);
  } else if (!figures.tables.length) {
    parts.push(`<p class="no-run">No run of ${escapeHtml(workload.bench)} in ${link(siteDir, join(run.dir, 'REPORT.md'), run.name)}: ` +
      `that run measured ${escapeHtml([...new Set((run.summary.results ?? []).map((r) => r.workload))].join(', ') || 'nothing')} ` +
      `(make bench WORKLOADS=${escapeHtml(workload.bench)}).</p>`);
  } else {
    const env = run.summary.environment ?? {};
    parts.push(`<p class="source">From bench run ${link(siteDir, join(run.dir, 'REPORT.md'), run.name)} ` +
      `(${link(siteDir, join(run.dir, 'summary.json'), 'summary.json')}): profile ${escapeHtml(run.summary.profile)}, ` +
      `${escapeHtml(run.summary.runtime ?? 'native')} runtime, ${escapeHtml(env.cores ?? '?')} cores, server on CPU ${escapeHtml(env.pinning?.server ?? '?')}, ` +
      `load on CPU ${escapeHtml(env.pinning?.loadgen ?? '?')}; git ${escapeHtml(env.git?.sha?.slice(0, 12) ?? '?')}${env.git?.dirty ? ' (uncommitted changes)' : ''}. ` +
      'Ratios between stacks hold within one run only.</p>');
    for (const { label, setting, table } of figures.tables) {
      parts.push(`<section class="run" data-label="${escapeHtml(label)}"><h3>${escapeHtml(label)}</h3>` +
        `<p class="setting">${escapeHtml(setting)}</p>${htmlTable(table, 'figures')}</section>`);
    }
    if (figures.latency) {
      parts.push('<h3 id="latency">Latency at offered rates</h3><p class="setting">Open loop: every request is due at its time and its latency ' +
        'counts from then, so a stall shows in the tail.</p>', htmlTable(figures.latency, 'latency'));
    }
    if (figures.missing.length) parts.push(`<p class="missing">Not in this run: ${escapeHtml(figures.missing.join(', '))}.</p>`);
  }
  if (calibration.length) {
    parts.push('<h3>Against TechEmpower\'s entries</h3><ul class="calibration">',
      ...calibration.map((c) => `<li data-stack="${escapeHtml(c.stack)}"><strong>${escapeHtml(c.stack)}</strong> ${escapeHtml(c.text)}` +
        `${c.source ? ` (${link(siteDir, c.source.file, c.source.label, c.source.fragment)})` : ''}</li>`), '</ul>');
  } else {
    parts.push('<p class="calibration-none">No calibration line: TechEmpower\'s entries have no counterpart of this workload ' +
      '(make calibrate measures hello, and echo for the record).</p>');
  }
  parts.push('</section>');
  return parts.join('\n');
}

function codeBlock(file, lines = highlightLines(file.text, file.language)) {
  return `<pre class="code hljs"><code>${lines.map((l, i) => `<span class="line" data-n="${i + 1}">${l}</span>`).join('')}</code></pre>`;
}

function cellHtml(cell, siteDir, root) {
  const head = `<header><strong>${escapeHtml(cell.stack)}</strong>`;
  if (cell.borrowedFrom) {
    return `<article class="cell borrowed" data-stack="${escapeHtml(cell.stack)}" data-runtime="${cell.runtime}">${head}</header>` +
      `<p class="absent">Runs ${escapeHtml(cell.borrowedFrom)}'s ${cell.path ? link(siteDir, join(root, cell.path), cell.path) : 'code'} ` +
      'in every worker (its stack.json: workloadsFrom).</p></article>';
  }
  if (cell.sharedIn) {
    return `<article class="cell shared" data-stack="${escapeHtml(cell.stack)}" data-runtime="${cell.runtime}">${head}</header>` +
      `<p class="absent">Runs the one copy in ${escapeHtml(cell.sharedIn)}, shown above this role's columns.</p></article>`;
  }
  if (cell.none) {
    return `<article class="cell none" data-stack="${escapeHtml(cell.stack)}" data-runtime="${cell.runtime}">${head}</header>` +
      `<p class="absent">${escapeHtml(cell.none)}.</p></article>`;
  }
  const lines = highlightLines(cell.text, cell.language);
  return `<article class="cell" data-stack="${escapeHtml(cell.stack)}" data-runtime="${cell.runtime}">${head} ` +
    `${fileLink(siteDir, root, cell.path)} <span class="count">${lines.length} lines</span> <span class="badge"></span></header>` +
    `${codeBlock(cell, lines)}</article>`;
}

// A shared Java file, once: every Java stack runs this copy (spec/layout.json's "shared").
function sharedHtml(file, siteDir, root) {
  if (!file) return '';
  const lines = highlightLines(file.text, file.language);
  return `<div class="shared-file"><header><strong>${escapeHtml(file.stack)}</strong>, shared by every Java stack: ` +
    `${fileLink(siteDir, root, file.path)} <span class="count">${lines.length} lines</span></header>${codeBlock(file, lines)}</div>`;
}

function roleSection(role, siteDir, root) {
  const names = [`${role.java}.java`, role.node].filter(Boolean).map((n) => `<code>${escapeHtml(n)}</code>`).join(' · ');
  return `<section class="role" id="${escapeHtml(role.java)}" data-role="${escapeHtml(role.java)}">` +
    `<h3><a href="#${escapeHtml(role.java)}">${escapeHtml(role.java)}</a>: ${escapeHtml(role.role)}</h3><p class="files">${names}</p>` +
    sharedHtml(role.shared, siteDir, root) + `<div class="columns">${role.cells.map((c) => cellHtml(c, siteDir, root)).join('\n')}</div></section>`;
}

function controls(stacks) {
  const diffable = stacks.filter((s) => !s.workloadsFrom);
  return '<div class="controls" id="controls"><fieldset><legend>Stacks shown</legend>' +
    stacks.map((s) => `<label><input type="checkbox" data-show-stack="${escapeHtml(s.name)}" checked> ${escapeHtml(s.name)}</label>`).join(' ') +
    '</fieldset><label class="diff">Show each file as a diff against <select id="diff-base"><option value="">none: each file whole</option>' +
    diffable.map((s) => `<option value="${escapeHtml(s.name)}">${escapeHtml(s.name)}</option>`).join('') +
    '</select></label> <span class="hint">(a stack of the same language; the others stay whole)</span> ' +
    '<label><input type="checkbox" id="wrap"> wrap long lines</label></div>';
}

function extrasSection(workload, siteDir, root) {
  if (!workload.extras.length) return '';
  return '<section id="extras"><h2>Files only one framework needs</h2><p>Declared in the stack\'s <code>stack.json</code> under ' +
    '<code>layoutExtras</code>, each with its reason.</p>' + workload.extras.map((e) =>
    `<details class="extra" data-stack="${escapeHtml(e.stack)}"><summary><strong>${escapeHtml(e.stack)}</strong> ` +
    `${link(siteDir, join(root, e.path), e.path)}: ${escapeHtml(e.reason)}</summary>${codeBlock(e)}</details>`).join('\n') + '</section>';
}

function deviationsSection(deviations) {
  if (!deviations.length) return '<section id="deviations"><h2>Deviations</h2><p>No stack declares a deviation that concerns this workload.</p></section>';
  return '<section id="deviations"><h2>Deviations</h2><p>What a stack cannot meet for a framework limit, as data in its ' +
    '<code>stack.json</code> (spec/API.md §10); the check still runs and reports it.</p><ul>' + deviations.map((d) =>
    `<li data-stack="${escapeHtml(d.target)}"><strong>${escapeHtml(d.target)}</strong>, ${escapeHtml(d.suite)}: “${escapeHtml(d.test)}”. ` +
    `${escapeHtml(d.reason)}${d.link ? ` <a href="${escapeHtml(d.link)}">${escapeHtml(d.link)}</a>` : ''}</li>`).join('\n') + '</ul></section>';
}

/** One workload's page. */
export function workloadPage(workload, { stacks, workloads, run, figures, calibration, deviations, siteDir, root, stamp }) {
  const body = [
    `<h1>${escapeHtml(workload.name)}</h1>`,
    `<p class="lead">Every stack's file for each part of ${escapeHtml(workload.name)}, side by side: the same file name in every ` +
      `stack of a language (${link(siteDir, join(root, 'spec/layout.json'), 'spec/layout.json')}). ` +
      `Roles: ${workload.roles.map((r) => `<a href="#${escapeHtml(r.java)}">${escapeHtml(r.java)}</a>`).join(', ')}.</p>`,
    figuresSection(workload, { run, figures, calibration, siteDir }),
    '<section id="code"><h2>The code</h2>', controls(stacks),
    ...workload.roles.map((r) => roleSection(r, siteDir, root)), '</section>',
    extrasSection(workload, siteDir, root),
    deviationsSection(deviations),
  ].join('\n');
  return layout({ title: workload.name, current: pageOf(workload), workloads, body, stamp });
}

/** The index: the stacks, the workloads' pages, where the figures come from. */
export function indexPage({ stacks, workloads, run, deviations, siteDir, root, stamp }) {
  const stackRows = stacks.map((s) => `<tr data-stack="${escapeHtml(s.name)}"><th scope="row">${link(siteDir, join(s.dir, 'README.md'), s.name)}</th>` +
    `<td>${escapeHtml(s.runtime)}</td><td>${s.port}</td><td>${escapeHtml(s.description ?? '')}</td>` +
    `<td>${escapeHtml(s.variants.map((v) => v.name).join(', ') || '–')}</td></tr>`).join('\n');
  const body = [
    '<h1>The reference servers, side by side</h1>',
    `<p class="lead">The same workloads in ${stacks.length} stacks, one directory each. Each workload's page shows every stack's ` +
      'file for each of its parts in columns, a diff against any stack of the same language, the figures of the latest bench run ' +
      `and each stack's line against its TechEmpower entry. Generated by make site from ${link(siteDir, join(root, 'spec/layout.json'), 'spec/layout.json')} ` +
      'and each stack\'s stack.json, so it shows what the layout check checks.</p>',
    '<h2>Workloads</h2><ul class="workloads">', ...workloads.map((w) =>
      `<li><a href="${pageOf(w)}">${escapeHtml(w.name)}</a>: ${w.roles.length} role${w.roles.length > 1 ? 's' : ''}` +
      `${w.extras.length ? `, ${w.extras.length} framework-only file${w.extras.length > 1 ? 's' : ''}` : ''}</li>`), '</ul>',
    '<h2>Stacks</h2><div class="table"><table class="stacks"><thead><tr><th scope="col">stack</th><th scope="col">runtime</th>' +
      `<th scope="col">port</th><th scope="col">what it is</th><th scope="col">variants</th></tr></thead><tbody>${stackRows}</tbody></table></div>`,
    '<h2>Figures</h2>', run
      ? `<p class="source">From bench run ${link(siteDir, join(run.dir, 'REPORT.md'), run.name)} (profile ${escapeHtml(run.summary.profile)}, ` +
        `${escapeHtml([...new Set((run.summary.results ?? []).map((r) => r.stack))].join(', '))}).</p>`
      : '<p class="no-run">No run: make bench writes results/latest, which make site shows (RUN=&lt;a run&gt; for another).</p>',
    deviationsSection(deviations),
  ].join('\n');
  return layout({ title: 'all stacks', current: 'index.html', workloads, body, stamp });
}
