import { ExternalEmbed } from "~/components/external-embed";
import type { NacloContent, NacloSession } from "~/content/naclo";
import type { SiteContent } from "~/content/site-content";
import { formatLongDate } from "~/lib/dates";
import "./naclo.css";

function SessionCard({
  session,
  dateLabel,
  extra,
}: {
  session: NacloSession;
  dateLabel: string;
  extra?: { label: string; value: string }[];
}) {
  return (
    <article className="naclo-session card">
      <h3>{session.title}</h3>
      <dl className="fact-list naclo-session__facts">
        <div>
          <dt>Date</dt>
          <dd>{dateLabel}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            {session.startTime} to {session.endTime}
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>{session.place}</dd>
        </div>
        {extra?.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <ul>
        {session.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </article>
  );
}

/** What the NACLO page shows, from one content snapshot (published, or the drafts in a preview). */
export function nacloPageData(content: SiteContent) {
  const { naclo } = content;
  return {
    naclo,
    openRoundDate: formatLongDate(naclo.openRound.date),
    trainingDate: formatLongDate(naclo.trainingSession.date),
  };
}

export function NacloPage({
  naclo,
  openRoundDate,
  trainingDate,
}: {
  naclo: NacloContent;
  openRoundDate: string;
  trainingDate: string;
}) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Testing site</p>
          <h1>
            {naclo.shortName} {naclo.year}
          </h1>
          <p className="lead">
            The {naclo.name} is a contest for middle and high school students that turns language
            into puzzles. We host an official testing site on campus.
          </p>
        </div>
      </section>
      <div className="container naclo-layout">
        <section className="prose" aria-labelledby="about-naclo">
          <h2 id="about-naclo">What is NACLO?</h2>
          <p>
            NACLO puzzles give you a few sentences or words in a language you have probably never
            seen, from Tok Pisin to Old Norse, and ask you to work out how it works. No knowledge of
            linguistics or of any other language is needed: just curiosity and careful reasoning.
            Top scorers are invited to the invitational round and can go on to represent North
            America at the International Linguistics Olympiad.
          </p>
          <p>
            Learn more and find practice puzzles on the{" "}
            <a href={naclo.officialSite}>official NACLO website</a>.
          </p>
        </section>
        <section aria-labelledby="naclo-sessions">
          <h2 id="naclo-sessions">Dates at our site</h2>
          <div className="naclo-sessions">
            <SessionCard
              session={naclo.openRound}
              dateLabel={openRoundDate}
              extra={[
                { label: "Arrive by", value: naclo.openRound.arriveBy },
                { label: "Bring", value: naclo.openRound.bring.join(" and ") },
              ]}
            />
            <SessionCard session={naclo.trainingSession} dateLabel={trainingDate} />
          </div>
        </section>
        <section className="prose" aria-labelledby="naclo-attendance">
          <h2 id="naclo-attendance">Register to attend</h2>
          <p>
            Let us know you are coming so we have a seat and a test booklet for you. Parents and
            teachers can register students too.
          </p>
          <ExternalEmbed embed={naclo.attendanceForm} height={720} />
        </section>
      </div>
    </>
  );
}
