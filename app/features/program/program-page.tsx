import { Link } from "~/components/link";
import { ProgramItemsTable } from "~/components/program-items-table";
import { conferenceName } from "~/content/conference";
import type { ProgramPageData } from "./program-page.server";
import type { PresentationView, ProgramSessionView, TimeView } from "./program-view";
import "./program-page.css";

function TimeRange({ starts, ends }: { starts: TimeView; ends: TimeView }) {
  return (
    <>
      <time dateTime={starts.instant}>{starts.label}</time>
      {" – "}
      <time dateTime={ends.instant}>{ends.label}</time>
    </>
  );
}

function Authors({ authors }: { authors: PresentationView["authors"] }) {
  return (
    <ul className="program-authors">
      {authors.map((author, index) => (
        // Two co-authors may share a name; their order is what identifies them.
        // biome-ignore lint/suspicious/noArrayIndexKey: the authors' order is the key
        <li key={index}>
          <span className="program-authors__name">{author.name}</span>
          {author.affiliation ? (
            <span className="program-authors__affiliation">, {author.affiliation}</span>
          ) : null}
          {author.presenting ? (
            <span className="program-authors__presenting"> (presenting)</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

type HeadingLevel = 2 | 3;

/** Sessions marked with their kind; talk sessions and "other" speak for themselves. */
const markedKinds = new Set<ProgramSessionView["kind"]>(["keynote", "posters", "break", "lunch"]);

function Presentation({
  presentation,
  headingLevel,
}: {
  presentation: PresentationView;
  headingLevel: HeadingLevel;
}) {
  const Heading = `h${headingLevel + 1}` as "h3" | "h4";
  return (
    <li className={`program-talk program-talk--${presentation.format}`}>
      {presentation.starts && presentation.ends ? (
        <p className="program-talk__time">
          <TimeRange starts={presentation.starts} ends={presentation.ends} />
        </p>
      ) : (
        <p className="program-talk__time">Poster</p>
      )}
      <div className="program-talk__body">
        <Heading className="program-talk__title">{presentation.title}</Heading>
        <Authors authors={presentation.authors} />
        <a
          className="program-talk__calendar"
          href={presentation.calendarUrl}
          aria-label={`Add to calendar: ${presentation.title}`}
        >
          Add to calendar
        </a>
      </div>
    </li>
  );
}

/**
 * A published program's sessions in time order. On its own page sessions are level-2 headings; in the
 * edition page's Program section, level 3 under the section's heading.
 */
export function ProgramSessions({
  sessions,
  headingLevel,
}: {
  sessions: ProgramSessionView[];
  headingLevel: HeadingLevel;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <ol className="program-sessions">
      {sessions.map((session) => (
        <li key={session.id} className={`program-session program-session--${session.kind}`}>
          <p className="program-session__time">
            <TimeRange starts={session.starts} ends={session.ends} />
          </p>
          <div className="program-session__body">
            {markedKinds.has(session.kind) ? (
              <p className="program-session__kind">{session.kindLabel}</p>
            ) : null}
            <Heading className="program-session__title">{session.title}</Heading>
            {session.room || session.chair ? (
              <p className="program-session__meta">
                {session.room ? <span>{session.room}</span> : null}
                {session.room && session.chair ? " · " : null}
                {session.chair ? <span>Chair: {session.chair}</span> : null}
              </p>
            ) : null}
            {session.description ? (
              <p className="program-session__description">{session.description}</p>
            ) : null}
            {session.presentations.length ? (
              <ol className="program-talks">
                {session.presentations.map((presentation) => (
                  <Presentation
                    key={presentation.slotId}
                    presentation={presentation}
                    headingLevel={headingLevel}
                  />
                ))}
              </ol>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * "Print the program": the browser's print dialog (the page has a print style sheet). It needs
 * JavaScript, so it is hidden until the page script finds the browser can print (print-buttons.ts);
 * the text below it names the browser's command.
 */
function PrintButton() {
  return (
    <li hidden data-print-button="">
      <button type="button" className="button button--secondary">
        Print the program
      </button>
    </li>
  );
}

/** `/sculc-{year}-program`: the published program, printable as a handout. */
export function ProgramPage({ data }: { data: ProgramPageData }) {
  const { published } = data;
  return (
    <>
      <section className="page-hero program-hero">
        <div className="container">
          <p className="eyebrow">{conferenceName}</p>
          <h1>{data.title}</h1>
          <p className="lead">
            {data.dateLabel} · {data.timeLabel} · {data.venue}
          </p>
          <p className="program-hero__zone">All times are Pacific Time.</p>
        </div>
      </section>
      <div className="container program-page">
        {published ? (
          <>
            {/* What most visitors want first: the calendar and a handout; the JSON is for tools. */}
            <ul className="program-actions">
              <li>
                <a className="button" href={data.paths.calendar}>
                  Add the whole program to your calendar
                </a>
              </li>
              <PrintButton />
              <li>
                <a className="button button--secondary" href={data.paths.json}>
                  Download the program as JSON
                </a>
              </li>
              <li>
                <Link to={data.paths.edition}>Back to {data.editionName}</Link>
              </li>
            </ul>
            <p className="program-page__version">
              Version {published.version}, published {published.publishedAtLabel}. To print it as a
              handout or save it as a PDF, use the Print button or your browser’s Print command.
            </p>
            <ProgramSessions sessions={published.sessions} headingLevel={2} />
          </>
        ) : data.announced.length ? (
          <>
            <p className="program-page__provisional">
              The committee has not published the full program here yet. Until it does, this is the
              schedule as announced, and it may still change.
            </p>
            <ProgramItemsTable items={data.announced} caption={`${data.title}, as announced`} />
            <p>
              <Link to={data.paths.edition}>Back to {data.editionName}</Link>
            </p>
          </>
        ) : (
          <>
            <p className="program-page__provisional">
              The program will be announced here. Check back closer to the conference.
            </p>
            <p>
              <Link to={data.paths.edition}>Back to {data.editionName}</Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}

/** The edition page's Program section once a version is published: the sessions and where to go next. */
export function EditionProgramSection({
  sessions,
  paths,
}: {
  sessions: ProgramSessionView[];
  paths: { page: string; calendar: string };
}) {
  return (
    <>
      <ul className="program-actions">
        <li>
          <Link className="button" to={paths.page}>
            Open the full program
          </Link>
        </li>
        <li>
          <a className="button button--secondary" href={paths.calendar}>
            Add it to your calendar
          </a>
        </li>
      </ul>
      <ProgramSessions sessions={sessions} headingLevel={3} />
    </>
  );
}
