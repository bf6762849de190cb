/** What each field is called on the edition forms, by the last part of its path. */
const fieldWords: Record<string, string> = {
  date: "Conference date",
  startTime: "Starts at",
  endTime: "Ends at",
  venue: "Venue",
  summary: "Summary",
  navigation: "How visitors move around",
  opens: "Program may start at",
  closes: "Program may end at",
  guidelines: "Guidelines",
  deadline: "Deadline",
  maxPages: "Most pages per abstract",
  maxSubmissionsPerUser: "Most abstracts per person",
  minutes: "Talk length",
  questionMinutes: "Questions after a talk",
  confirmBy: "Presenters confirm by (as written)",
  confirmByAt: "Presenters confirm by",
  materialsDueBy: "Final materials due by (as written)",
  materialsDueAt: "Final materials due by",
  materialsEmail: "Email for final materials",
  videoMeetingUrl: "Video meeting link",
  confirmAttendanceUrl: "Confirm-attendance form link",
  navLabel: "Menu label",
  title: "Title",
  description: "Description",
  slug: "Address",
  href: "Web address",
  embedUrl: "Embed address",
  linkUrl: "Link to open it",
};

/** A list's items, by the list's name. */
const itemWords: Record<string, string> = {
  guidelines: "Guideline",
  sections: "Section",
  links: "Link",
  items: "Item",
  paragraphs: "Paragraph",
  facts: "Fact",
  presenters: "Presenter",
};

/**
 * A field's path in words for the summary: "pages.0.sections.2.links.1.href" -> "Section 3, Link 2,
 * Web address"; "abstracts.guidelines.4" -> "Guideline 5".
 */
export function fieldName(path: string): string {
  const parts = path.replace(/^pages\.\d+\./, "").split(".");
  const words: string[] = [];
  parts.forEach((part, index) => {
    if (/^\d+$/.test(part)) {
      const list = parts[index - 1] ?? "";
      words.pop();
      words.push(`${itemWords[list] ?? "Item"} ${Number(part) + 1}`);
    } else if (index === parts.length - 1 || /^\d+$/.test(parts[index + 1] ?? "")) {
      words.push(fieldWords[part] ?? part.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
    }
  });
  const text = words.join(", ") || "The edition";
  return text.charAt(0).toUpperCase() + text.slice(1);
}
