import { useT, type ShareInfo } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { BrokenLinkIcon, OfflineIcon } from '../../../ui/icons';
import { iconOf, textColorOn, themeColorOf } from '../lib/appearance';
import { $shares, chatOpened, shareRetryClicked, type ShareState } from '../share.model';
// Wires the visitor id to chatOpened: every chat view keeps the anonymous visitor's id ready.
import '../../visitor/visitor.model';
import './chat.css';

export type ChatVariant = 'page' | 'panel';

function ShareIcon({ info, size }: { info: ShareInfo; size: 'large' | 'small' }) {
  const [broken, setBroken] = useState(false);
  const icon = iconOf(broken ? '' : info.icon, info.name);
  return (
    <span className={`flc-avatar flc-avatar--${size}`} aria-hidden="true">
      {icon.kind === 'image' ? <img src={icon.src} alt="" onError={() => setBroken(true)} /> : icon.text}
    </span>
  );
}

/** A full-area message (not found, offline) with the optional header extra (the language switch). */
function StateScreen({ icon, title, description, action, extra, tone }: {
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

function Loading({ label }: { label: string }) {
  return (
    <div className="flc-state" aria-busy="true">
      <div className="flc-state__body">
        <span className="flc-spinner" aria-hidden="true" />
        <span className="flc-visually-hidden">{label}</span>
      </div>
    </div>
  );
}

function Conversation({ info, extra }: { info: ShareInfo; extra?: ReactNode }) {
  const t = useT();
  const welcome = info.welcome.trim() || t('chat.welcome.default', { name: info.name });
  const suggestions = info.suggestedQuestions.map((q) => q.trim()).filter(Boolean);
  return (
    <>
      <header className="flc-header">
        <ShareIcon info={info} size="large" />
        <h1 className="flc-header__title">{info.name}</h1>
        {extra && <div className="flc-header__extra">{extra}</div>}
      </header>
      <main className="flc-messages" aria-label={t('chat.messages.label')}>
        <div className="flc-message flc-message--assistant">
          <ShareIcon info={info} size="small" />
          <div className="flc-bubble" data-testid="welcome">
            {welcome}
          </div>
        </div>
        {suggestions.length > 0 && (
          <section className="flc-suggestions" aria-labelledby="flc-suggestions-title">
            <h2 className="flc-suggestions__title" id="flc-suggestions-title">
              {t('chat.suggested.title')}
            </h2>
            <ul className="flc-suggestions__list">
              {suggestions.map((question, index) => (
                <li key={index} className="flc-chip">
                  {question}
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
      <footer className="flc-footer">{t('chat.poweredBy')}</footer>
    </>
  );
}

/** What the view shows for a share state; exported for the page title. */
export function useShareState(shareId: string): ShareState {
  const shares = useUnit($shares);
  return shares[shareId] ?? { status: 'loading' };
}

/**
 * The chat of one share: header with icon and name in the share's colour, the welcome as the
 * first assistant message and the suggested questions. `page` fills the screen (public link),
 * `panel` fills its container and follows the console's theme. The composer comes with answering.
 */
export function ChatView({ shareId, variant, headerExtra }: { shareId: string; variant: ChatVariant; headerExtra?: ReactNode }) {
  const t = useT();
  const [opened, retried] = useUnit([chatOpened, shareRetryClicked]);
  const state = useShareState(shareId);

  useEffect(() => {
    opened(shareId);
  }, [opened, shareId]);

  const accent = themeColorOf(state.status === 'ready' ? state.info.themeColor : undefined);
  const style = { '--flc-accent': accent, '--flc-on-accent': textColorOn(accent) } as CSSProperties;

  let content: ReactNode;
  switch (state.status) {
    case 'loading':
      content = <Loading label={t('chat.loading')} />;
      break;
    case 'not-found':
      content = (
        <StateScreen
          tone="neutral"
          icon={<BrokenLinkIcon />}
          title={t('chat.notFound.title')}
          description={t('chat.notFound.description')}
          extra={headerExtra}
        />
      );
      break;
    case 'failed':
      content = (
        <StateScreen
          tone="warning"
          icon={<OfflineIcon />}
          title={t('chat.failed.title')}
          description={t('chat.failed.description')}
          extra={headerExtra}
          action={
            <button type="button" className="flc-button" onClick={() => retried(shareId)}>
              {t('chat.retry')}
            </button>
          }
        />
      );
      break;
    case 'ready':
      content = <Conversation info={state.info} extra={headerExtra} />;
      break;
  }

  return (
    <div className={`flc-chat flc-chat--${variant}`} style={style} data-status={state.status}>
      <div className="flc-chat__frame">{content}</div>
    </div>
  );
}

/** The not-found screen of a URL that names no share at all (`/chat` without `?shareId=`). */
export function MissingShare({ variant, headerExtra }: { variant: ChatVariant; headerExtra?: ReactNode }) {
  const t = useT();
  return (
    <div className={`flc-chat flc-chat--${variant}`}>
      <div className="flc-chat__frame">
        <StateScreen
          tone="neutral"
          icon={<BrokenLinkIcon />}
          title={t('chat.notFound.title')}
          description={t('chat.notFound.description')}
          extra={headerExtra}
        />
      </div>
    </div>
  );
}
