// How the fuzzer decides: the targets' answers to one case grouped by verdict. With more than half in one group,
// that group is the reference and every other target disagrees; without, there is no majority, which fails too.
// A target's own problems (fuzz/answers.mjs) fail whatever the others answered.

/**
 * The answers grouped by verdict, largest group first: the majority is the reference when it has more than half.
 * `excused(answer, reference)` leaves out a target's difference that a deviation of its own names.
 */
export function judge(answers, excused = () => false) {
  const groups = new Map();
  for (const a of answers) {
    const key = JSON.stringify(a.verdict);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  const ordered = [...groups.values()].sort((x, y) => y.length - x.length);
  const problems = answers.flatMap((a) => a.problems.map((p) => `${a.id}: ${p}`));
  const majority = ordered[0].length * 2 > answers.length ? ordered[0] : null;
  if (majority && ordered.length > 1) {
    const excusedIds = new Set(answers.filter((a) => !majority.includes(a) && excused(a, majority[0].verdict)).map((a) => a.id));
    if (excusedIds.size) return { ...judge(answers.filter((a) => !excusedIds.has(a.id))), excused: [...excusedIds] };
  }
  if (ordered.length > 1) problems.push(majority ? `${answers.length - majority.length} of ${answers.length} disagree with the majority`
    : `no majority: ${ordered.map((g) => g.length).join(' / ')}`);
  return { problems, ordered, excused: [] };
}

