import {
  fieldsOf,
  itemsAt,
  ListEditor,
  PageFormFrame,
  type PageFormProps,
} from "./page-forms-parts";

type Fields = ReturnType<typeof fieldsOf>;

/** A session's fields: the open round and the training session share them. */
function SessionFields({
  field,
  props,
  prefix,
  legend,
  children,
}: {
  field: Fields;
  props: PageFormProps;
  prefix: "openRound" | "trainingSession";
  legend: string;
  children?: React.ReactNode;
}) {
  return (
    <fieldset className="page-form__group">
      <legend className="page-form__legend">{legend}</legend>
      {field.text(`${prefix}.title`, "Title")}
      <div className="page-form__row">
        {field.text(`${prefix}.date`, "Date", { type: "date" })}
        {field.text(`${prefix}.startTime`, "Starts", { type: "time" })}
        {field.text(`${prefix}.endTime`, "Ends", { type: "time" })}
      </div>
      {field.text(`${prefix}.place`, "Place")}
      {children}
      <ListEditor
        list={`${prefix}.notes`}
        legend="Notes (one line each)"
        itemLabel={`${legend.toLowerCase()} note`}
        addLabel="Add a note"
        items={itemsAt(props.values, `${prefix}.notes`)}
        renderItem={(name, index) => field.text(name, `Note ${index + 1}`)}
        titled={false}
      />
    </fieldset>
  );
}

/** This year's NACLO testing site: the open round, the training session and the attendance form. */
export function NacloForm(props: PageFormProps) {
  const field = fieldsOf(props.values, props.errors);
  return (
    <PageFormFrame {...props}>
      <div className="page-form__row">
        {field.text("year", "Year", { inputMode: "numeric", maxLength: 4 })}
        {field.text("shortName", "Short name", { hint: "Like NACLO." })}
      </div>
      {field.text("name", "Full name")}
      {field.text("officialSite", "Official website", {
        type: "url",
        hint: "The full address, starting with https://",
      })}
      <SessionFields field={field} props={props} prefix="openRound" legend="Open round">
        {field.text("openRound.arriveBy", "Arrive by", { type: "time" })}
        <ListEditor
          list="openRound.bring"
          legend="What to bring (the page joins them with “and”)"
          itemLabel="thing to bring"
          addLabel="Add a thing to bring"
          items={itemsAt(props.values, "openRound.bring")}
          renderItem={(name, index) => field.text(name, `Thing ${index + 1}`)}
          titled={false}
        />
      </SessionFields>
      <SessionFields
        field={field}
        props={props}
        prefix="trainingSession"
        legend="Training session"
      />
      <fieldset className="page-form__group">
        <legend className="page-form__legend">Attendance form</legend>
        {field.text("attendanceForm.title", "Title", {
          hint: "Names the form for screen readers and in its link.",
        })}
        {field.text("attendanceForm.embedUrl", "Address to show on the page", {
          type: "url",
          hint: "For a Google Form, its address ending in ?embedded=true.",
        })}
        {field.text("attendanceForm.linkUrl", "Address to open it in full (optional)", {
          type: "url",
          hint: "Leave empty to use the address above.",
        })}
      </fieldset>
    </PageFormFrame>
  );
}
