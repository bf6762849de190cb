import { Collapsible } from "~/components/collapsible";
import { site } from "~/content/site";
import { useSiteData } from "~/lib/site-data";
import { type BoardSeasonView, seasonLabel } from "./board-seasons";
import { MemberCard } from "./member-card";
import "./board.css";

export function BoardPage({ seasons }: { seasons: BoardSeasonView[] }) {
  const { contact } = useSiteData();
  const [currentSeason, ...pastSeasons] = seasons;
  if (!currentSeason) return null;
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">{site.name}</p>
          <h1>Our Board</h1>
          <p className="lead">
            The students who run our meetings, workshops, the NACLO testing site and SCULC. Say
            hello at any event, or write to <a href={`mailto:${contact.email}`}>{contact.email}</a>.
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="current-board">
        <div className="container">
          <h2 id="current-board">{seasonLabel(currentSeason)} Board</h2>
          <ul className="member-grid">
            {currentSeason.members.map((member) => (
              <li key={member.id}>
                <MemberCard member={member} headingLevel={3} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      {pastSeasons.length ? (
        <section className="section section--alt" aria-labelledby="past-boards">
          <div className="container">
            <h2 id="past-boards">Past boards</h2>
            {pastSeasons.map((season) => (
              <Collapsible
                key={season.id}
                headingLevel={3}
                heading={`${seasonLabel(season)} Board`}
              >
                <ul className="member-grid">
                  {season.members.map((member) => (
                    <li key={member.id}>
                      <MemberCard member={member} headingLevel={4} />
                    </li>
                  ))}
                </ul>
              </Collapsible>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
