/** The ensemble's members in words: a member's short name, and the members in one phrase (the model's name). */
import type { LearMember, Transform } from './members.js';

/** A member's short name: the window, with the transform when it is not asinh ("56", "56 npit", "364 npit kernel b32"). */
export const memberName = (m: LearMember): string => `${m.window}${m.transform === 'asinh' ? '' : ` ${m.transform}`}${m.kernel ? ` kernel b${m.kernel.bandwidth}` : ''}${m.space === 'caps' ? ' in caps' : ''}${m.sinceBreak === undefined ? '' : ' since-break'}`;

/** The members in words: "asinh 56/84/364 days, N-PIT 56/84 days; kernel ridge 364 days, bandwidth 2 and 4, N-PIT bandwidth 8". */
export function describeMembers(members: readonly LearMember[]): string {
  const label: Record<Transform, string> = { asinh: 'asinh', npit: 'N-PIT' };
  const windows = (ms: readonly LearMember[]) => {
    const parts: string[] = [];
    for (const tr of ['asinh', 'npit'] as const) {
      const ws = ms.filter((m) => m.transform === tr).map((m) => m.window);
      if (ws.length) parts.push(`${label[tr]} ${ws.join('/')} days`);
    }
    return parts.join(', ');
  };
  const kernels = members.filter((m) => m.kernel);
  const linear = members.filter((m) => !m.kernel);
  const onCaps = linear.filter((m) => m.space === 'caps');
  const ws = [...new Set(onCaps.map((m) => m.window))];
  const trs = [...new Set(onCaps.map((m) => m.transform))];
  // Every transform on every window: said once ("asinh and N-PIT 364/728 days").
  const grid = ws.length * trs.length === onCaps.length;
  const caps = onCaps.length ? `; on the caps: ${grid ? `${trs.map((t) => label[t]).join(' and ')} ${ws.join('/')} days` : windows(onCaps)}` : '';
  // Per window, the bandwidths of each transform ("kernel ridge 364 days, bandwidth 2 and 4, N-PIT bandwidth 32").
  const bandwidths = (ms: readonly LearMember[]) => `bandwidth ${ms.map((m) => m.kernel?.bandwidth).join(' and ')}`;
  const kernel = [...new Set(kernels.map((m) => m.window))]
    .map((w) => {
      const at = kernels.filter((m) => m.window === w);
      const [asinh, npit] = [at.filter((m) => m.transform === 'asinh'), at.filter((m) => m.transform === 'npit')];
      return `; kernel ridge ${w} days, ${[asinh.length ? bandwidths(asinh) : '', npit.length ? `N-PIT ${bandwidths(npit)}` : ''].filter(Boolean).join(', ')}`;
    })
    .join('');
  const sb = linear.filter((m) => m.sinceBreak !== undefined);
  const since = sb.length ? `; the ${[...new Set(sb.map((m) => m.window))].join('/')}-day windows cut ${sb[0]?.sinceBreak} days after a cap change` : '';
  return windows(linear.filter((m) => m.space !== 'caps')) + caps + kernel + since;
}
