import type { ReactNode } from "react";
import { Form, type FormProps, useNavigation } from "react-router";
import "./redrawn-form.css";

/**
 * A form drawn anew from the server's answer to each of its posts (the content forms: every button,
 * Move up and Remove included, posts the whole form and the answer redraws it). Its page is a
 * document: the browser posts the form and shows the answer as a new page. While a post is on its way
 * the page script locks its fields (pending-forms.ts), so nothing typed meanwhile is silently lost
 * with the page; the answer takes the editor back to where they were on the page (redrawn-forms.ts),
 * or to the field it focuses. Without JavaScript nothing locks.
 */
export function RedrawnForm({ children, ...props }: FormProps & { children: ReactNode }) {
  const navigation = useNavigation();
  // Until the action answers: the answer redraws the form at once (the loaders that run after it
  // change no field), and a field it focuses must not be disabled then.
  const answering = navigation.state === "submitting";
  return (
    <Form {...props} aria-busy={answering || undefined}>
      {/* `display: contents`: the lock adds no box, so the form's own layout is unchanged. */}
      <fieldset className="redrawn-form__lock" disabled={answering}>
        {children}
      </fieldset>
    </Form>
  );
}
