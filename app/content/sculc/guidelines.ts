/** The call-for-abstracts rules that 2022 and 2023 shared. */
export const guidelines2022And2023: string[] = [
  "Presentations are oral talks of 10 to 15 minutes or posters; say which you prefer.",
  "Submit a separate abstract for each project you would like to present.",
  "Abstracts are limited to 500 words, not counting references.",
  "Send your abstract as an anonymized PDF: no names or institutions in the file.",
  "Acceptances are announced in early May.",
  "Abstracts are not published; presenting at SCULC does not stop you publishing the work elsewhere.",
  "Travel to the conference is at the presenter's own cost.",
];
