import { describe, expect, it } from "vitest";
import { readBodyBytes, wholeBodyOf, wholeDocumentResponse } from "./whole-documents.server";

describe("whole documents", () => {
  it("travel without a body stream, their bytes beside the response", async () => {
    const html = Buffer.from('<!DOCTYPE html><html lang="en"></html>');
    const response = wholeDocumentResponse(html, {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    expect(response.body).toBeNull();
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(wholeBodyOf(response)).toBe(html);
    expect(await readBodyBytes(response)).toBe(html);
  });

  it("a response made elsewhere is read from its own body", async () => {
    const replaced = new Response("Not Found", { status: 404 });
    expect(wholeBodyOf(replaced)).toBeUndefined();
    expect((await readBodyBytes(replaced)).toString()).toBe("Not Found");
  });
});
