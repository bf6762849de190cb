import { describe, expect, it } from "vitest";
import {
  conferenceLocalTimeToIso,
  formatConferenceDateTime,
  formatLongDate,
  isoToConferenceLocalTime,
  todayInConferenceTimeZone,
} from "./dates";

describe("dates", () => {
  it("formats a calendar day without shifting it by time zone", () => {
    expect(formatLongDate("2025-01-23")).toBe("Thursday, January 23, 2025");
  });

  it("knows the day in California, which is behind UTC", () => {
    // 05:00 UTC on 18 January is still 17 January in Los Angeles.
    expect(todayInConferenceTimeZone(new Date("2025-01-18T05:00:00Z"))).toBe("2025-01-17");
    expect(todayInConferenceTimeZone(new Date("2025-01-18T09:00:00Z"))).toBe("2025-01-18");
  });
});

describe("formatConferenceDateTime", () => {
  it("shows the moment in Pacific time with the zone named, in winter and in summer", () => {
    expect(formatConferenceDateTime("2025-03-04T00:05:00.000Z")).toBe("Mar 3, 2025, 4:05 PM PST");
    expect(formatConferenceDateTime("2025-05-17T16:30:00.000Z")).toBe("May 17, 2025, 9:30 AM PDT");
  });

  it("gives the same text for a moment it has shown before, past the number of texts it keeps", () => {
    const moments = Array.from({ length: 2_500 }, (_, i) =>
      new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    );
    const first = moments.map(formatConferenceDateTime);
    expect(first[0]).toBe("Dec 31, 2024, 4:00 PM PST");
    expect(first[2_499]).toBe("Jan 2, 2025, 9:39 AM PST");
    expect(moments.map(formatConferenceDateTime)).toEqual(first);
    expect(() => formatConferenceDateTime("not a moment")).toThrow(RangeError);
  });
});

describe("conferenceLocalTimeToIso", () => {
  it("reads a wall-clock time in Pacific time, in winter and in summer", () => {
    expect(conferenceLocalTimeToIso("2025-03-07T23:59")).toBe("2025-03-08T07:59:00.000Z");
    expect(conferenceLocalTimeToIso("2025-03-21T23:59")).toBe("2025-03-22T06:59:00.000Z");
    expect(conferenceLocalTimeToIso("not a time")).toBeNull();
  });
});

describe("isoToConferenceLocalTime", () => {
  it("gives the Pacific wall-clock time a datetime-local field shows, and reads back the same moment", () => {
    expect(isoToConferenceLocalTime("2025-03-08T07:59:00.000Z")).toBe("2025-03-07T23:59");
    expect(isoToConferenceLocalTime("2025-03-22T06:59:00.000Z")).toBe("2025-03-21T23:59");
    // Midnight is 00, not 24.
    expect(isoToConferenceLocalTime("2025-03-22T07:00:00.000Z")).toBe("2025-03-22T00:00");
    const moment = "2025-11-02T12:15:00.000Z";
    expect(conferenceLocalTimeToIso(isoToConferenceLocalTime(moment))).toBe(moment);
  });
});
