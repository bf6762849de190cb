import { fieldsOf, formattingHint, PageFormFrame, type PageFormProps } from "./page-forms-parts";

/** The home page's words: one line under the name, three texts and the line above the links. */
export function HomeForm(props: PageFormProps) {
  const field = fieldsOf(props.values, props.errors);
  return (
    <PageFormFrame {...props}>
      {field.text("tagline", "Tagline", { hint: "One line under the society's name." })}
      {field.area("definition", "What is linguistics?", { hint: formattingHint, rows: 7 })}
      {field.area("about", "About us", { hint: formattingHint, rows: 9 })}
      {field.area("conferenceBlurb", "The conference, in a few words", {
        hint: `Shown under the current conference's name. ${formattingHint}`,
        rows: 5,
      })}
      {field.text("stayInTouch", "Stay in touch", {
        hint: "One line above the social links.",
      })}
    </PageFormFrame>
  );
}
