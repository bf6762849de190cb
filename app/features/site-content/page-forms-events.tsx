import {
  fieldsOf,
  itemsAt,
  ListEditor,
  PageFormFrame,
  type PageFormProps,
} from "./page-forms-parts";

/** The society's own events: talks, workshops, socials (conference days and NACLO come on their own). */
export function EventsForm(props: PageFormProps) {
  const field = fieldsOf(props.values, props.errors);
  return (
    <PageFormFrame {...props}>
      <ListEditor
        list="events"
        legend="Events"
        itemLabel="event"
        addLabel="Add an event"
        items={itemsAt(props.values, "events")}
        empty="No events of the society's own yet. The events page still lists conference days and NACLO sessions."
        renderItem={(prefix) => (
          <>
            {field.hidden(`${prefix}.id`)}
            {field.text(`${prefix}.title`, "Title")}
            <div className="page-form__row">
              {field.text(`${prefix}.date`, "Date", { type: "date" })}
              {field.text(`${prefix}.startTime`, "Starts", { type: "time" })}
              {field.text(`${prefix}.endTime`, "Ends", { type: "time" })}
            </div>
            {field.text(`${prefix}.place`, "Place")}
            {field.text(`${prefix}.href`, "Link (optional)", {
              hint: "A page of this site, like /naclo, or a full address starting with https://",
            })}
          </>
        )}
      />
    </PageFormFrame>
  );
}
