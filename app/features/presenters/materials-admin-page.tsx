import type { AdminMaterialRow } from "./final-materials.server";
import { formatFileSize } from "./final-materials-section";

export type MaterialsAdminPageProps = {
  editionName: string;
  materialsDueText: string | null;
  rows: (Omit<AdminMaterialRow, "material"> & {
    material: (NonNullable<AdminMaterialRow["material"]> & { uploadedText: string }) | null;
    fileUrl: string;
  })[];
};

const attendanceLabels: Record<string, string> = {
  confirmed: "Confirmed",
  declined: "Declined",
};

/** Admin: every accepted abstract of the edition and its final slides or poster. */
export function MaterialsAdminPage({
  editionName,
  materialsDueText,
  rows,
}: MaterialsAdminPageProps) {
  const uploaded = rows.filter((row) => row.material).length;
  return (
    <>
      <h1>Final materials</h1>
      <p>
        Slides and posters of {editionName}'s accepted abstracts
        {materialsDueText ? `, due by ${materialsDueText}` : ""}. Opening someone else's file is
        recorded in the audit log.
      </p>
      <p role="status" className="admin-count">
        {uploaded} of {rows.length} accepted abstracts have their materials.
      </p>
      {rows.length ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section className="admin-table-wrap" aria-label="Final materials" tabIndex={0}>
          <table className="admin-table admin-materials">
            <thead>
              <tr>
                <th scope="col">Abstract</th>
                <th scope="col">Presenter</th>
                <th scope="col">Attendance</th>
                <th scope="col">Material</th>
                <th scope="col">May publish</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.submissionId}>
                  <td>
                    {row.number}. {row.title}
                  </td>
                  <td>
                    {row.presenter}
                    <br />
                    {row.email}
                  </td>
                  <td>{row.attendance ? attendanceLabels[row.attendance] : "Waiting"}</td>
                  <td>
                    {row.material ? (
                      <>
                        <a href={row.fileUrl} target="_blank" rel="noopener">
                          {row.kind === "poster" ? "Poster" : "Slides"}: {row.material.fileName}
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                        <br />
                        {formatFileSize(row.material.sizeBytes)}, {row.material.uploadedText}
                      </>
                    ) : (
                      "None"
                    )}
                  </td>
                  <td>{row.material ? (row.material.mayPublish ? "Yes" : "No") : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <p>No accepted abstracts yet.</p>
      )}
    </>
  );
}
