/**
 * The details a new abstract needs besides its PDF (title, format, a presenter). The submit form sends
 * them before the file, and the server refuses a file whose details are missing before storing it, so
 * tests of the upload's streaming send them first too.
 */
export const abstractDetails: Readonly<Record<string, string>> = {
  title: "A robustness abstract",
  format: "talk",
  presents: "yes",
};

/** The same fields as raw multipart parts, to put before the file part. */
export function abstractDetailParts(boundary: string): string {
  return Object.entries(abstractDetails)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
}

/** Sets the details on a FormData before its file. */
export function withAbstractDetails(form: FormData): FormData {
  for (const [name, value] of Object.entries(abstractDetails)) form.set(name, value);
  return form;
}
