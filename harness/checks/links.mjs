// Relative links in the project's markdown: each must name a file or directory that exists and, when it names a
// heading of a markdown file (#fragment), a heading that file has (GitHub's anchors). Links to other sites are not
// followed. harness/test/links.test.mjs runs this over the top directory's *.md, docs/*.md and every */README.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The markdown files whose links are checked: README.md and the other *.md beside it, docs/*.md and each top
 * directory's README.md. */
export function markdownFiles(root) {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(root, 'docs', f)) : [];
  const readmes = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
    .map((e) => join(root, e.name, 'README.md')).filter((f) => existsSync(f));
  const top = readdirSync(root).filter((f) => f.endsWith('.md') && f !== 'README.md').sort().map((f) => join(root, f));
  return [join(root, 'README.md'), ...top, ...docs.sort(), ...readmes.sort()].filter((f) => existsSync(f));
}

// The text outside fenced code blocks and inline code, where a link is a link.
function prose(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/(`+)[^`]*?\1/g, ' ');
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
export function slug(heading) {
  return heading.trim().toLowerCase()
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown file's headings give, numbered as GitHub numbers repeated ones. */
export function anchors(file) {
  const seen = new Map();
  const result = new Set();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = !fenced && line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!match) continue;
    const base = slug(match[1].replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n ? `${base}-${n}` : base);
  }
  for (const match of readFileSync(file, 'utf8').matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) result.add(match[1]);
  return result;
}

/** Every relative link of a markdown file that does not resolve: [{ line, target, problem }]. */
export function brokenLinks(file, root = dirname(file)) {
  const problems = [];
  prose(readFileSync(file, 'utf8')).forEach((line, index) => {
    const targets = [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1])
      .concat([...line.matchAll(/^\s*\[[^\]]+\]:\s+(\S+)/g)].map((m) => m[1]));
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like
      const [path, fragment] = target.split('#');
      const resolved = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      const where = { line: index + 1, target };
      if (!existsSync(resolved)) {
        problems.push({ ...where, problem: `no such file: ${relative(root, resolved)}` });
      } else if (fragment && resolved.endsWith('.md') && statSync(resolved).isFile() && !anchors(resolved).has(fragment)) {
        problems.push({ ...where, problem: `${relative(root, resolved)} has no heading #${fragment}` });
      }
    }
  });
  return problems;
}
