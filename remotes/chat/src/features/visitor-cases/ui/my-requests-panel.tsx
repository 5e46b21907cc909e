import { useT, type CasePreviewUi, type CaseStatus } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../../ui/icons/close-icon';
import { $visitorCases, myRequestsOpened, myRequestsRetryClicked } from '../visitor-cases.model';

const STATUS_IDS: Record<CaseStatus, string> = {
  new: 'chat.cases.status.new',
  assigned: 'chat.cases.status.assigned',
  in_progress: 'chat.cases.status.inProgress',
  closed: 'chat.cases.status.closed',
};

/** The visitor's cases through this share: status, date and the collected fields (labels of the form). */
export default function MyRequestsPanel({
  id,
  shareId,
  visitorId,
  fields,
  onClose,
}: {
  id: string;
  shareId: string;
  visitorId: string;
  fields: CasePreviewUi['fields'];
  onClose: () => void;
}) {
  const t = useT();
  const [state, opened, retried] = useUnit([$visitorCases, myRequestsOpened, myRequestsRetryClicked]);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    opened({ shareId, visitorId });
    panel.current?.focus();
  }, [opened, shareId, visitorId]);

  const labelOf = (name: string) => fields.find((field) => field.name === name)?.label ?? name;
  const dateOf = (iso: string) => new Date(iso).toLocaleDateString();

  return (
    <section
      ref={panel}
      id={id}
      className="flc-requests"
      role="dialog"
      aria-label={t('chat.cases.title')}
      tabIndex={-1}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="flc-requests__head">
        <h2 className="flc-requests__title">{t('chat.cases.title')}</h2>
        <button type="button" className="flc-icon-button" aria-label={t('chat.cases.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {state.status === 'loading' && state.list.length === 0 ? (
        <p className="flc-requests__note" aria-busy="true">
          {t('chat.cases.loading')}
        </p>
      ) : state.status === 'failed' ? (
        <div className="flc-requests__note" role="alert">
          <p>{t('chat.cases.failed')}</p>
          <button type="button" className="flc-button" onClick={() => retried({ shareId, visitorId })}>
            {t('chat.retry')}
          </button>
        </div>
      ) : state.list.length === 0 ? (
        <p className="flc-requests__note">{t('chat.cases.empty')}</p>
      ) : (
        <ul className="flc-requests__list">
          {state.list.map((item) => (
            <li key={item.id} className="flc-requests__item">
              <div className="flc-requests__line">
                <span className="flc-requests__status" data-status={item.status}>
                  {t(STATUS_IDS[item.status])}
                </span>
                <time dateTime={item.createdAt}>{dateOf(item.createdAt)}</time>
              </div>
              <dl className="flc-requests__fields">
                {Object.entries(item.form).map(([name, value]) => (
                  <div key={name}>
                    <dt>{labelOf(name)}</dt>
                    <dd>{String(value)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
