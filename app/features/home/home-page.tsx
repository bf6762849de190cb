import logoUrl from "~/assets/images/logo.svg";
import { ImageCarousel } from "~/components/image-carousel";
import { Link } from "~/components/link";
import { RichText } from "~/components/rich-text";
import { editionName } from "~/content/conference";
import type { HomeContent } from "~/content/home";
import type { ResolvedPicture } from "~/content/picture";
import { type SocialLink, site } from "~/content/site";
import type { SafeHtml } from "~/lib/rich-text";
import { homeCarouselImages } from "./home-carousel-images";
import { SocialIcon } from "./social-icon";
import "./home.css";

/** What the home page shows of the current conference edition (from the route's loader). */
export type HomeEdition = {
  year: number;
  path: string;
  dateLabel: string;
  startTime: string;
  endTime: string;
  venue: string;
};

/** The home page's words, its multi-line fields rendered from the editors' formatting. */
export type HomeView = Pick<HomeContent, "tagline" | "stayInTouch"> & {
  definition: SafeHtml;
  about: SafeHtml;
  conferenceBlurb: SafeHtml;
};

export function HomePage({
  edition,
  home,
  social,
  carousel,
}: {
  edition: HomeEdition;
  home: HomeView;
  social: SocialLink[];
  /** The editors' pictures, or null for the photos the site shipped with. */
  carousel: ResolvedPicture[] | null;
}) {
  return (
    <>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <img
            className="home-hero__logo"
            src={logoUrl}
            alt={`${site.name} logo`}
            width="128"
            height="128"
          />
          <div>
            <p className="eyebrow">Student society · since {site.foundedYear}</p>
            <h1 id="home-title">{site.name}</h1>
            <p className="lead home-hero__tagline">{home.tagline}</p>
            <div className="home-hero__actions">
              <Link className="button" to={edition.path} prefetch="intent">
                {editionName(edition.year)}
              </Link>
              <Link className="button button--secondary" to="/board" prefetch="intent">
                Meet the board
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="about-title">
        <div className="container home-about">
          <div className="home-about__text">
            <h2 id="definition-title">What is linguistics?</h2>
            <RichText html={home.definition} className="home-about__definition" />
            <h2 id="about-title">About us</h2>
            <RichText html={home.about} />
          </div>
          <ImageCarousel
            images={carousel ?? homeCarouselImages}
            label="Photos from society life"
            sizes="(min-width: 64rem) 34rem, (min-width: 40rem) calc(100vw - 3rem), calc(100vw - 2rem)"
          />
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="conference-title">
        <div className="container">
          <div className="home-conference card">
            <div>
              <p className="eyebrow">Our annual conference</p>
              <h2 id="conference-title">{editionName(edition.year)}</h2>
              <RichText html={home.conferenceBlurb} />
            </div>
            <dl className="home-conference__facts">
              <div>
                <dt>When</dt>
                <dd>
                  {edition.dateLabel}, {edition.startTime} to {edition.endTime}
                </dd>
              </div>
              <div>
                <dt>Where</dt>
                <dd>{edition.venue}</dd>
              </div>
            </dl>
            <p className="home-conference__action">
              <Link className="button" to={edition.path} prefetch="intent">
                Explore {editionName(edition.year)}
              </Link>
              <Link className="button button--secondary" to="/events" prefetch="intent">
                All events
              </Link>
            </p>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="social-title">
        <div className="container">
          <h2 id="social-title">Stay in touch</h2>
          <p className="lead">{home.stayInTouch}</p>
          <ul className="home-social">
            {social.map((link) => (
              <li key={link.kind}>
                <a className="home-social__link" href={link.href}>
                  <SocialIcon kind={link.kind} />
                  <span>
                    <span className="home-social__label">{link.label}</span>
                    <span className="home-social__description">{link.description}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
