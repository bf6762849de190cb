import type { Embed, EmbedKind } from "~/content/embed";

const loadLabels: Record<EmbedKind, string> = {
  slides: "Show the slides here",
  poster: "Show the poster here",
  form: "Show the form here",
  video: "Play the video here",
  document: "Show the document here",
};

/**
 * A third-party frame (or one of the site's own PDFs) that loads only when the visitor asks for it. Until then nothing is requested from
 * the other site (no tracking, no cost, no errors when it is blocked or offline): the frame waits in a
 * <template>, and the page script (app/components/enhancements/external-embeds.ts) shows the button
 * and puts the frame in place when it is pressed. The plain link always works, with or without it.
 */
export function ExternalEmbed({ embed, height = 480 }: { embed: Embed; height?: number }) {
  const linkUrl = embed.linkUrl ?? embed.embedUrl;
  // A path is one of the site's own files (a presenter's published slides or poster, as a PDF).
  const host = linkUrl.startsWith("/") ? null : new URL(linkUrl).hostname.replace(/^www\./, "");
  return (
    <div className="external-embed" data-embed>
      <div
        className="external-embed__placeholder"
        style={{ minHeight: `${height / 2}px` }}
        data-embed-placeholder
      >
        <p className="external-embed__title">{embed.title}</p>
        <button type="button" className="button external-embed__load" data-embed-load hidden>
          {loadLabels[embed.kind]}
        </button>
        <p className="external-embed__note">
          {host ? `Loads content from ${host}.` : "A PDF on this site."}
        </p>
      </div>
      <template data-embed-frame>
        <iframe
          className="external-embed__frame"
          src={embed.embedUrl}
          title={embed.title}
          height={height}
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </template>
      <p className="external-embed__link">
        <a href={linkUrl} target="_blank" rel="noopener noreferrer">
          Open “{embed.title}” {host ? `on ${host}` : "(PDF)"}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
