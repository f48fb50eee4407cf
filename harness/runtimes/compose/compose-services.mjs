// The stack services of docker-compose.yml, written from */stack.json (make compose-file) so that a stack is
// listed once: its port, environment and variants, and the Dockerfile it builds with. The rest of the file (the
// database, the static tree, the bench's services, the anchors) is written by hand; make layout fails when the
// generated part differs from what the stack.json files give.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadStacks } from '../../lib/stacks.mjs';

export const BEGIN = '  # stacks:begin (written from every */stack.json by make compose-file)';
export const END = '  # stacks:end';

const quoted = (value) => JSON.stringify(String(value));

/** Its own Dockerfile when the stack has one, or the image recipe its runtime shares (java.Dockerfile). */
function buildLines(stack, root) {
  if (existsSync(join(root, stack.name, 'Dockerfile'))) {
    return ['    build:', '      context: .', `      dockerfile: ${stack.name}/Dockerfile`];
  }
  if (stack.runtime === 'java') {
    return ['    build:', '      <<: *java-build', `      args: { STACK: ${stack.name}, PORT: ${quoted(stack.port)} }`];
  }
  throw new Error(`${stack.name}: no ${stack.name}/Dockerfile, and runtime ${stack.runtime} shares no image recipe`);
}

/** stack.json's env as defaults the caller's value overrides, then the variants' own variables, passed through. */
function environmentLines(stack) {
  const lines = ['    environment:', '      <<: *contract-env', `      PORT: ${quoted(stack.port)}`];
  const variantEnv = stack.variants.flatMap((v) => Object.entries(v.env ?? {}).map(([name, value]) => ({ variant: v.name, name, value })));
  for (const [name, value] of Object.entries(stack.env)) {
    const set = variantEnv.filter((e) => e.name === name);
    if (set.length) lines.push(`      # ${set.map((e) => `the ${e.variant} variant: ${e.name}=${e.value}`).join('; ')}`);
    lines.push(`      ${name}: ${quoted(`\${${name}:-${value}}`)}`);
  }
  const passed = variantEnv.filter((e) => !(e.name in stack.env));
  if (passed.length) {
    lines.push(`      # the variants, passed through when set: ${passed.map((e) => `${e.name}=${e.value} (${e.variant})`).join(', ')}`);
    for (const name of new Set(passed.map((e) => e.name))) lines.push(`      ${name}:`);
  }
  return lines;
}

function healthLines(stack) {
  const probe = `exec 3<>/dev/tcp/127.0.0.1/${stack.port} && printf "GET /health HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n" >&3 && read -r status <&3 && [[ $$status == *" 200 "* ]]`;
  return ['    healthcheck:', '      <<: *probe', `      test: ["CMD", "bash", "-c", '${probe}']`];
}

/** The services block between the markers, one service per stack in port order. */
export function stackServices(root = ROOT) {
  return loadStacks(root).map((stack) => [
    `  ${stack.name}:`,
    '    <<: *stack',
    ...buildLines(stack, root),
    `    ports: ["127.0.0.1:${stack.port}:${stack.port}"]`,
    ...environmentLines(stack),
    ...healthLines(stack),
  ].join('\n')).join('\n\n');
}

/** The compose file's text with its stack services written from the stack.json files. */
export function withStackServices(text, root = ROOT) {
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from === -1 || to === -1 || to < from) throw new Error(`docker-compose.yml has no "${BEGIN.trim()}" … "${END.trim()}" markers`);
  return `${text.slice(0, from)}${BEGIN}\n${stackServices(root)}\n${text.slice(to)}`;
}

/** [] when docker-compose.yml's stack services are what the stack.json files give. */
export function composeFileProblems(root = ROOT) {
  const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  return withStackServices(text, root) === text
    ? []
    : ['docker-compose.yml: its stack services differ from the stack.json files; run make compose-file'];
}

export function writeComposeFile(root = ROOT) {
  const file = join(root, 'docker-compose.yml');
  writeFileSync(file, withStackServices(readFileSync(file, 'utf8'), root));
}
