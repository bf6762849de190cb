import { EventsForm } from "./page-forms-events";
import { FooterForm } from "./page-forms-footer";
import { HomeForm } from "./page-forms-home";
import { NacloForm } from "./page-forms-naclo";
import type { PageFormProps } from "./page-forms-parts";

export type { PageFormProps } from "./page-forms-parts";

const forms = {
  home: {
    title: "Home page",
    intro: "The words on the home page. The conference's date and place come from its edition.",
    Form: HomeForm,
  },
  footer: {
    title: "Footer and social links",
    intro:
      "Where to find the society and how to write to it (on every page), and its social links.",
    Form: FooterForm,
  },
  naclo: {
    title: "NACLO",
    intro: "This year's testing site. The events page lists both sessions from here.",
    Form: NacloForm,
  },
  events: {
    title: "Events",
    intro:
      "The society's own talks, workshops and socials, for the events page. Past events move down the page by themselves.",
    Form: EventsForm,
  },
} as const;

export function pageFormTitle(form: PageFormProps["form"]): string {
  return forms[form].title;
}

/** The form for one page, with its title and words of introduction. */
export function PageFormPage(props: Omit<PageFormProps, "title" | "intro">) {
  const { title, intro, Form } = forms[props.form];
  return <Form {...props} title={title} intro={intro} />;
}
