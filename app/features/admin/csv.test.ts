import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv";

describe("csv", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(csvCell('Grace "Amazing" Hopper')).toBe('"Grace ""Amazing"" Hopper"');
    expect(csvCell(null)).toBe('""');
  });

  it.each(['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])(
    "keeps %j from running as a formula",
    (value) => {
      expect(csvCell(value).startsWith(`"'`)).toBe(true);
    },
  );

  it("writes a UTF-8 document with CRLF line ends", () => {
    expect(csvDocument(["Name"], [["José"]])).toBe('\ufeff"Name"\r\n"José"\r\n');
  });
});
