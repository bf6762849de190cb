import type { ReactNode } from "react";

/** The frame of every account page: one centred card with a heading and an optional notice. */
export function AccountLayout({
  title,
  notice,
  children,
}: {
  title: string;
  /** A neutral note from the page that sent the visitor here ("Please log in to continue."). */
  notice?: string | null;
  children: ReactNode;
}) {
  return (
    <section className="section account">
      <div className="container">
        <div className="account__card card">
          <h1 className="account__title">{title}</h1>
          {notice ? (
            <p className="message message--info account__notice" role="status">
              {notice}
            </p>
          ) : null}
          {children}
        </div>
      </div>
    </section>
  );
}
