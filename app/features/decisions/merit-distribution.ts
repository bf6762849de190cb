export type MeritBin = {
  /** Inclusive lower bound of the mean. */
  from: number;
  /** Exclusive upper bound, except for the last bin, which includes the top of the scale. */
  to: number;
  label: string;
  count: number;
};

export type MeritDistribution = { bins: MeritBin[]; unreviewed: number; largest: number };

const formatScore = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/**
 * How the abstracts' mean merit spreads over the scale, in half-point bins (1-1.5, 1.5-2, ... 4.5-5
 * on the default scale): the committee reads where to cut from it. Abstracts without a submitted
 * review are counted apart, never as a score.
 */
export function meritDistribution(
  means: readonly (number | null)[],
  scale: { min: number; max: number },
): MeritDistribution {
  const width = 0.5;
  const binCount = Math.max(1, Math.round((scale.max - scale.min) / width));
  const bins: MeritBin[] = Array.from({ length: binCount }, (_, index) => {
    const from = scale.min + index * width;
    const to = from + width;
    const isLast = index === binCount - 1;
    return {
      from,
      to,
      label: `${formatScore(from)} to ${isLast ? formatScore(to) : `under ${formatScore(to)}`}`,
      count: 0,
    };
  });
  let unreviewed = 0;
  for (const mean of means) {
    if (mean === null || !Number.isFinite(mean)) {
      unreviewed++;
      continue;
    }
    const index = Math.min(binCount - 1, Math.max(0, Math.floor((mean - scale.min) / width)));
    const bin = bins[index];
    if (bin) bin.count++;
  }
  return { bins, unreviewed, largest: Math.max(0, ...bins.map((bin) => bin.count)) };
}
