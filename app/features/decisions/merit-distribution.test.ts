import { describe, expect, it } from "vitest";
import { meritDistribution } from "./merit-distribution";

describe("meritDistribution", () => {
  it("puts each mean in its half-point bin, the top of the scale in the last", () => {
    const { bins, unreviewed, largest } = meritDistribution(
      [1, 1.49, 1.5, 3, 3.25, 4.99, 5, null],
      {
        min: 1,
        max: 5,
      },
    );
    expect(bins.map((bin) => [bin.label, bin.count])).toEqual([
      ["1 to under 1.5", 2],
      ["1.5 to under 2", 1],
      ["2 to under 2.5", 0],
      ["2.5 to under 3", 0],
      ["3 to under 3.5", 2],
      ["3.5 to under 4", 0],
      ["4 to under 4.5", 0],
      ["4.5 to 5", 2],
    ]);
    expect(unreviewed).toBe(1);
    expect(largest).toBe(2);
  });

  it("follows the edition's scale and keeps out-of-range means in the end bins", () => {
    const { bins } = meritDistribution([0, 1, 2.5, 9], { min: 1, max: 3 });
    expect(bins.map((bin) => bin.count)).toEqual([2, 0, 0, 2]);
  });

  it("with nothing reviewed, every bin is empty", () => {
    const { bins, unreviewed, largest } = meritDistribution([null, null], { min: 1, max: 5 });
    expect(bins.every((bin) => bin.count === 0)).toBe(true);
    expect(unreviewed).toBe(2);
    expect(largest).toBe(0);
  });
});
