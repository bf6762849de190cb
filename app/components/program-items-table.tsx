import type { Presenter, ProgramItem } from "~/content/sculc/program-types";
import "./program-items-table.css";

export function presentersText(presenters: Presenter[]): string {
  return presenters
    .map((presenter) =>
      presenter.institution ? `${presenter.name}, ${presenter.institution}` : presenter.name,
    )
    .join("; ");
}

/** A program from content: times, sessions and presenters, as the edition page and program page show it. */
export function ProgramItemsTable({ items, caption }: { items: ProgramItem[]; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="program-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Session</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.start}-${item.title}`}>
              <td className="program-table__time">
                {item.start} – {item.end}
              </td>
              <td>
                <span className="program-table__title">{item.title}</span>
                {item.presenters?.length ? (
                  <span className="program-table__presenters">
                    {presentersText(item.presenters)}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
