import type { ReactNode } from 'react';

/** A full-area message (not found, offline) with the optional header extra (the language switch). */
export function StateScreen({
  icon,
  title,
  description,
  action,
  extra,
  tone,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
  extra?: ReactNode;
  tone: 'neutral' | 'warning';
}) {
  return (
    <div className="flc-state">
      {extra && <div className="flc-state__bar">{extra}</div>}
      <div className={`flc-state__body flc-state__body--${tone}`} role="alert">
        <div className="flc-state__icon">{icon}</div>
        <h1 className="flc-state__title">{title}</h1>
        <p className="flc-state__text">{description}</p>
        {action}
      </div>
    </div>
  );
}
