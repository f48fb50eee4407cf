// Syntax highlighting by highlight.js, at build time, one HTML string per source line: the page's diff switch
// compares and re-arranges whole lines, so a token's span that runs over a line end (a block comment, a text
// block) is closed at the end of each line and opened again at the start of the next.
import hljs from 'highlight.js/lib/core';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';

hljs.registerLanguage('java', java);
hljs.registerLanguage('javascript', javascript);

const TAG = /<span[^>]*>|<\/span>/g;

/** text: a source file; language: 'java' | 'javascript'. Returns its lines as HTML, each with balanced spans. */
export function highlightLines(text, language) {
  const html = hljs.highlight(text.replace(/\n$/, ''), { language, ignoreIllegals: true }).value;
  const open = [];
  return html.split('\n').map((line) => {
    const carried = open.join('');
    for (const [tag] of line.matchAll(TAG)) {
      if (tag === '</span>') open.pop();
      else open.push(tag);
    }
    return `${carried}${line}${'</span>'.repeat(open.length)}`;
  });
}
