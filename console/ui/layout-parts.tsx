import type { ReactNode } from "react";

/** The heading block every console page starts with. */
export function PageHeader({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="c-page-header">
      <div>
        <h1>{title}</h1>
        {intro && <p className="c-muted">{intro}</p>}
      </div>
      {actions && <div className="c-actions">{actions}</div>}
    </header>
  );
}

export function Card({ title, titleId, children, actions }: { title?: string; titleId?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="c-card" aria-labelledby={title ? titleId : undefined}>
      {(title || actions) && (
        <div className="c-card__head">
          {title && <h2 id={titleId}>{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

/** What an empty list shows: what belongs here and how to add the first one. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="c-empty">
      <p className="c-empty__title">{title}</p>
      {children && <div className="c-muted">{children}</div>}
    </div>
  );
}

/** A placeholder while a page's first request is in flight. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="c-loading" role="status">
      <span className="c-spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}
