// The bench's plan: every run in the order it runs, and the session (one start of a server) that serves it.
import { HTTP_WORKLOADS, stepLabel } from './profiles.mjs';

export const CEILING = 'nginx (ceiling)';
export const CEILING_WORKLOADS = ['hello', 'static', 'echo', 'bookings'];
// The bookings ceiling is no nginx: the bookings transaction driven straight at MariaDB (lib/bookings-ceiling.mjs),
// run in the ceiling's session of each repeat.
export const BOOKINGS_CEILING = 'bookings ceiling (no HTTP)';
export const isCeiling = (server) => server === CEILING || server === BOOKINGS_CEILING;

// Repeat by repeat: the nginx ceiling (started afresh), then one start of each stack
// for its HTTP workloads, then a second start of each for its chat scenarios and late latency steps. A repeat is a
// fresh start of everything it measures, and repeat r runs the stacks in the first repeat's order rotated r − 1
// places, so a slow drift of the shared host falls on every stack alike and each ratio to the best stack or to the
// ceiling can be taken inside one repeat (lib/ranks.mjs).
// The HTTP workloads run in one start of each stack per repeat, each warmed up until its rate is steady (as
// TechEmpower primes each test on a running framework); on the first repeat each is followed, while warm, by its
// open-loop latency steps at the rates known then. The late session serves, on the first repeat, the latency rates
// that could not be known then: the same absolute rates for every stack need the slowest stack's maximum, which may
// come later. The first repeat runs in reverse port order: the Node stacks first, because they have been the
// slowest on most workloads in every run so far, and a faster stack's latency steps can then be measured warm after
// its throughput at rates already known. The order changes no figure, only how many rates wait for a second start.
/** targets: the stacks (benchTargets); profile: selectProfile's. { runs, orderOf(repeat), … workloads }. */
export function planRuns(targets, profile) {
  const sessionOrder = [...targets].reverse();
  const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length]);
  const orderOf = (repeat) => rotate(sessionOrder, repeat - 1);
  const stepsOf = (workload) => profile.steps[workload].map((step) => ({ workload, step,
    label: stepLabel(workload, step, profile.steps[workload]) }));
  const httpWorkloads = profile.workloads.filter((w) => HTTP_WORKLOADS.includes(w));
  const latencyWorkloads = profile.latency ? httpWorkloads : [];
  const ceilingWorkloads = profile.workloads.filter((w) => CEILING_WORKLOADS.includes(w));
  const chatSteps = profile.workloads.includes('chat') ? stepsOf('chat') : [];
  const repeatRuns = (repeat) => [
    ...ceilingWorkloads.flatMap(stepsOf).map((s) => ({ ...s, server: s.workload === 'bookings' ? BOOKINGS_CEILING : CEILING,
      repeat, session: `nginx#${repeat}` })),
    ...orderOf(repeat).flatMap((server) => httpWorkloads.flatMap(stepsOf)
      .map((s) => ({ ...s, server, repeat, session: `${server.id}#${repeat}` }))),
    ...orderOf(repeat).flatMap((server) => [
      ...(repeat === 1 && latencyWorkloads.length ? [{ server, workloads: latencyWorkloads, workload: 'latency', kind: 'latency',
        label: 'latency', step: { ...profile.latency, workloads: latencyWorkloads.length }, repeat }] : []),
      ...chatSteps.map((s) => ({ ...s, server, repeat })),
    ].map((run) => ({ ...run, session: `${server.id}#late#${repeat}` }))),
  ];
  const runs = Array.from({ length: profile.repeat }, (_, i) => repeatRuns(i + 1)).flat();
  return { runs, orderOf, httpWorkloads, latencyWorkloads, ceilingWorkloads };
}
