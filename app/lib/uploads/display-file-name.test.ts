import { describe, expect, it } from "vitest";
import { displayFileName } from "./display-file-name";

describe("file names", () => {
  it("keep what the author sees, without folders or control characters", () => {
    expect(displayFileName("../../etc/passwd.pdf")).toBe("passwd.pdf");
    expect(displayFileName("C:\\Users\\me\\résumé «final».pdf")).toBe("résumé «final».pdf");
    expect(displayFileName("..")).toBe("abstract.pdf");
    expect(displayFileName("a\u0000b\nc.pdf")).toBe("abc.pdf");
  });
});
