import { describe, expect, it } from "vitest";
import { intentValue } from "./page-forms-intents";
import {
  admittedPicks,
  fillRowPlaceholders,
  pageCountText,
  rowMoves,
  rowPlaceholders,
} from "./picture-list-rows";

describe("a picture list's row template", () => {
  it("takes the new row's index in names, ids and button values, and its number in words", () => {
    const { index, number } = rowPlaceholders;
    expect(fillRowPlaceholders(`carousel.${index}.alt`, 3)).toBe("carousel.3.alt");
    expect(fillRowPlaceholders(`field-carousel-${index}-alt-hint`, 0)).toBe(
      "field-carousel-0-alt-hint",
    );
    expect(fillRowPlaceholders(intentValue.down("pages.0.sections.2.pictures", index), 1)).toBe(
      "down:pages.0.sections.2.pictures.1",
    );
    expect(fillRowPlaceholders(`Move photo ${number} up`, 4)).toBe("Move photo 5 up");
    expect(fillRowPlaceholders(`Picture ${number}, ${index}`, 9)).toBe("Picture 10, 9");
    expect(fillRowPlaceholders("Alt text (required)", 2)).toBe("Alt text (required)");
  });

  it("keeps Move up off the first row and Move down off the last", () => {
    expect(rowMoves(0, 1)).toEqual({ up: false, down: false });
    expect(rowMoves(0, 3)).toEqual({ up: false, down: true });
    expect(rowMoves(1, 3)).toEqual({ up: true, down: true });
    expect(rowMoves(2, 3)).toEqual({ up: true, down: false });
  });
});

describe("pictures picked for a list", () => {
  it("are admitted in the order picked while the list has room", () => {
    expect(admittedPicks(3, 0, 12)).toEqual([true, true, true]);
    expect(admittedPicks(3, 10, 12)).toEqual([true, true, false]);
    expect(admittedPicks(2, 12, 12)).toEqual([false, false]);
    // Pictures still on their way count as taken.
    expect(admittedPicks(1, 13, 12)).toEqual([false]);
  });
});

describe("a program's length", () => {
  it("is said in pages", () => {
    expect(pageCountText(1)).toBe("1 page");
    expect(pageCountText(12)).toBe("12 pages");
  });
});
