import { useT, type Citation } from '@flotilla/shared';
import { useId, useState } from 'react';

/** The passages an answer is based on, as numbered chips; a chip shows its passage and file name. */
export function Citations({ citations }: { citations: Citation[] }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  const shown = citations.find((citation) => citation.index === open);
  return (
    <div className="flc-citations">
      <span className="flc-citations__label">{t('chat.citations.label')}</span>
      <ul className="flc-citations__list">
        {citations.map((citation) => (
          <li key={citation.index}>
            <button
              type="button"
              className="flc-citation"
              aria-expanded={open === citation.index}
              aria-controls={`${id}-passage`}
              aria-label={t('chat.citations.chip', { index: citation.index, file: citation.fileName })}
              title={citation.fileName}
              onClick={() => setOpen(open === citation.index ? null : citation.index)}
            >
              {citation.index}
            </button>
          </li>
        ))}
      </ul>
      {shown && (
        <figure
          className="flc-passage"
          id={`${id}-passage`}
          role="region"
          aria-label={t('chat.citations.passage', { index: shown.index })}
        >
          <figcaption className="flc-passage__file">
            [{shown.index}] {shown.fileName}
          </figcaption>
          <blockquote className="flc-passage__text">{shown.text}</blockquote>
        </figure>
      )}
    </div>
  );
}
