import type { BoardMemberView } from "./board-seasons";

type Fact = { label: string; value: string | number | undefined; isIpa?: boolean };

/** One board member: photo, position, name, then only the facts this member has. */
export function MemberCard({
  member,
  headingLevel,
}: {
  member: BoardMemberView;
  headingLevel: 3 | 4;
}) {
  const { photo } = member;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const facts: Fact[] = [
    { label: "Pronouns", value: member.pronouns },
    { label: "Pronunciation", value: member.ipa, isIpa: true },
    { label: "Major", value: member.major },
    { label: "Minor", value: member.minor },
    { label: "Class of", value: member.gradYear },
    { label: "Favourite area of linguistics", value: member.favoriteLingArea },
    { label: "Favourite drink", value: member.favoriteDrink },
  ];
  const presentFacts = facts.filter((fact) => fact.value !== undefined);
  return (
    <article className="member-card">
      {photo ? (
        <img
          className="member-card__photo"
          src={photo.src}
          srcSet={photo.srcSet}
          sizes="160px"
          width="160"
          height="160"
          alt={member.photoAlt ?? `Illustrated portrait of ${member.name}`}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <p className="member-card__position">{member.position}</p>
      <Heading className="member-card__name">{member.name}</Heading>
      {presentFacts.length ? (
        <dl className="member-card__facts">
          {presentFacts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>
                {fact.isIpa ? (
                  <span className="ipa" title="International Phonetic Alphabet">
                    /{fact.value}/
                  </span>
                ) : (
                  fact.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  );
}
