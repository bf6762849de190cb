import type { MeritDistribution } from "./merit-distribution";

/**
 * The distribution of mean merit as a table whose rows carry a bar: the numbers are the text
 * alternative and the bars (hidden from screen readers) the picture, so the two never disagree and
 * nothing needs JavaScript or an image.
 */
export function MeritChart({ distribution }: { distribution: MeritDistribution }) {
  const reviewed = distribution.bins.reduce((sum, bin) => sum + bin.count, 0);
  return (
    <figure className="merit-chart">
      <table className="merit-chart__table">
        <caption>
          Mean merit of the {reviewed} {reviewed === 1 ? "abstract" : "abstracts"} with a submitted
          review
        </caption>
        <thead>
          <tr>
            <th scope="col">Mean merit</th>
            <th scope="col">Abstracts</th>
            <th scope="col">
              <span className="visually-hidden">Bar</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {distribution.bins.map((bin) => (
            <tr key={bin.label}>
              <th scope="row">{bin.label}</th>
              <td className="merit-chart__count">{bin.count}</td>
              <td className="merit-chart__bar-cell" aria-hidden="true">
                <span
                  className="merit-chart__bar"
                  style={{
                    width: distribution.largest
                      ? `${(bin.count / distribution.largest) * 100}%`
                      : "0",
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="admin-count">
        {distribution.unreviewed
          ? `${distribution.unreviewed} ${distribution.unreviewed === 1 ? "abstract has" : "abstracts have"} no submitted review yet.`
          : "Every abstract has at least one submitted review."}
      </figcaption>
    </figure>
  );
}
