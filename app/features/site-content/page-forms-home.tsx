import {
  fieldsOf,
  formattingHint,
  itemsAt,
  PageFormFrame,
  type PageFormProps,
} from "./page-forms-parts";
import { pagePictureLists, pictureUploadPaths } from "./page-forms-pictures";
import { PictureListEditor, PictureUploadForm } from "./picture-list-editor";

const carousel = pagePictureLists.home;
const uploadFormId = "carousel-upload";

/**
 * The home page's words (one line under the name, three texts and the line above the links) and the
 * pictures of its carousel.
 */
export function HomeForm(props: PageFormProps) {
  const field = fieldsOf(props.values, props.errors);
  return (
    <PageFormFrame
      {...props}
      after={<PictureUploadForm id={uploadFormId} action={pictureUploadPaths.form("home")} />}
    >
      {field.text("tagline", "Tagline", { hint: "One line under the society's name." })}
      {field.area("definition", "What is linguistics?", { hint: formattingHint, rows: 7 })}
      {field.area("about", "About us", { hint: formattingHint, rows: 9 })}
      <PictureListEditor
        list={carousel.list}
        items={itemsAt(props.values, carousel.list)}
        errors={props.errors}
        pictures={props.pictures}
        purpose={carousel.purpose}
        max={carousel.max}
        legend="Carousel pictures"
        hint={`The photos beside "About us", in this order (${carousel.max} at most). While the list is empty, the home page shows the photos the site came with.`}
        uploadFormId={uploadFormId}
      />
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
