import {
  fieldsOf,
  itemsAt,
  ListEditor,
  PageFormFrame,
  type PageFormProps,
} from "./page-forms-parts";

const socialKinds = {
  photos: "Photos (the Instagram icon)",
  chat: "Chat (the Discord icon)",
  professional: "Careers (the LinkedIn icon)",
};

/** The footer's address and mailbox, and the social links on the home page. */
export function FooterForm(props: PageFormProps) {
  const field = fieldsOf(props.values, props.errors);
  return (
    <PageFormFrame {...props}>
      {field.text("location", "Where to find us", {
        hint: "One line in every page's footer, like a building and room.",
      })}
      {field.text("contactEmail", "Contact email", {
        type: "email",
        hint: "In every page's footer, and wherever a page says to write to us.",
      })}
      <ListEditor
        list="social"
        legend="Social links (on the home page)"
        itemLabel="social link"
        addLabel="Add a social link"
        items={itemsAt(props.values, "social")}
        empty="No social links yet."
        renderItem={(prefix) => (
          <>
            {field.select(`${prefix}.kind`, "Icon", socialKinds)}
            {field.text(`${prefix}.label`, "Name", { hint: "Like Instagram." })}
            {field.text(`${prefix}.description`, "What people find there")}
            {field.text(`${prefix}.href`, "Link", {
              type: "url",
              hint: "The full address, starting with https://",
            })}
          </>
        )}
      />
    </PageFormFrame>
  );
}
