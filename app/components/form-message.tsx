/**
 * A form's one message. The site's wording decides its look: a message containing "success" is styled
 * as success, any other as an error. Errors are announced at once (role="alert"), successes politely (role="status").
 */
export function FormMessage({ message, id }: { message: string | undefined | null; id?: string }) {
  if (!message) return null;
  const isSuccess = message.toLowerCase().includes("success");
  return (
    <p
      id={id}
      className={`message ${isSuccess ? "message--success" : "message--error"}`}
      role={isSuccess ? "status" : "alert"}
    >
      {message}
    </p>
  );
}
