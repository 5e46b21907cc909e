import { $userId, accentVariablesOf, iconOf, useT, type ShareInfo } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { BrokenLinkIcon, MenuIcon, OfflineIcon } from '../../../ui/icons';
import { promptFound, questionSubmitted } from '../../ask/ask.model';
import { Composer, type Draft } from '../../ask/ui/composer';
import { MessageList } from '../../messages/ui/message-list';
import { conversationShown } from '../../sessions/resume.model';
import { SessionsPanel } from '../../sessions/ui/sessions-panel';

import { $shares, chatOpened, shareRetryClicked, type ShareState } from '../../share/share.model';
import { voicesNeeded } from '../../speech/speech.model';
import { VoicePicker } from '../../speech/ui/voice-picker';
import { $robots, robotRetryClicked, staffChatOpened, type RobotState } from '../../staff/staff.model';
import { $visitorId, visitorLinked } from '../../visitor/visitor.model';
import type { ChatTarget } from '../chat-target';
import './chat.css';

/** `page`: the public page (whole screen); `console`: the chat routes inside the console; `panel`: the embedded widget. */
export type ChatVariant = 'page' | 'console' | 'panel';

/** Who the chat is with: a share (a visitor's public chat) or a robot (a staff member's debug chat). */
export type ChatSubject = { shareId: string; linkedVisitorId?: string | null } | { processId: string };

type Face = { name: string; icon: string };

/** The share's or robot's icon; an empty circle while it is not known yet. */
function Avatar({ face, size }: { face: Face | null; size: 'large' | 'small' }) {
  const [broken, setBroken] = useState(false);
  const icon = face && iconOf(broken ? '' : face.icon, face.name);
  return (
    <span className={`flc-avatar flc-avatar--${size}`} aria-hidden="true">
      {icon && (icon.kind === 'image' ? <img src={icon.src} alt="" onError={() => setBroken(true)} /> : icon.text)}
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

/** The welcome as the first assistant message, and the suggested questions (a click asks one). */
function Welcome({ face, text }: { face: Face | null; text: string }) {
  return (
    <div className="flc-message flc-message--assistant">
      <Avatar face={face} size="small" />
      <div className="flc-bubble flc-bubble--welcome" data-testid="welcome">
        {text}
      </div>
    </div>
  );
}

function Suggestions({ questions, target }: { questions: string[]; target: ChatTarget }) {
  const t = useT();
  const asked = useUnit(questionSubmitted);
  const id = useId();
  return (
    <section className="flc-suggestions" aria-labelledby={id}>
      <h2 className="flc-suggestions__title" id={id}>
        {t('chat.suggested.title')}
      </h2>
      <ul className="flc-suggestions__list">
        {questions.map((question, index) => (
          <li key={index} className="flc-suggestions__item">
            <button type="button" className="flc-chip" onClick={() => asked({ target, question })}>
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The sessions column and the conversation's scroll area while the chat is not ready: the same boxes, empty. */
function PendingSessions() {
  const t = useT();
  return <nav className="flc-sessions" data-open="false" aria-label={t('chat.sessions.label')} aria-busy="true" />;
}

function PendingMessages({ intro, label, asMain }: { intro: ReactNode; label: string; asMain: boolean }) {
  const Area = asMain ? 'main' : 'section';
  return (
    <Area className="flc-messages" aria-label={label} aria-busy="true">
      {intro}
    </Area>
  );
}

/**
 * A chat: sessions (side column, or a drawer on narrow screens), the header, the conversation and the
 * composer. Until it is ready (`target` null: the share's info or the visitor's id still on the way) the
 * same layout is drawn with what is known, and the composer takes typing, so nothing moves and no text
 * is lost when it becomes ready. The link's prompt is asked once, as soon as the chat is ready.
 */
function Conversation({ target, face, welcome, suggestions, variant, extra, prompt, onPromptTaken, draft }: {
  target: ChatTarget | null;
  face: Face | null;
  welcome: string | null;
  suggestions: string[];
  variant: ChatVariant;
  extra?: ReactNode;
  prompt?: string | null;
  onPromptTaken?: () => void;
  draft?: Draft;
}) {
  const t = useT();
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [shown, needVoices, promptSeen] = useUnit([conversationShown, voicesNeeded, promptFound]);

  // The link's prompt first: a conversation it starts is not replaced by the one kept from before.
  useEffect(() => {
    if (!target || !prompt?.trim()) return;
    promptSeen({ target, prompt });
    onPromptTaken?.();
  }, [prompt, promptSeen, target, onPromptTaken]);

  useEffect(() => {
    if (!target) return;
    shown(target);
    needVoices();
  }, [shown, needVoices, target]);

  const intro = welcome !== null ? <Welcome face={face} text={welcome} /> : null;

  return (
    <div className="flc-layout">
      {target ? (
        <SessionsPanel target={target} id={drawerId} open={drawerOpen} onClose={() => setDrawerOpen(false)} footer={<VoicePicker />} />
      ) : (
        <PendingSessions />
      )}
      <div className="flc-backdrop" data-open={drawerOpen} aria-hidden="true" onClick={() => setDrawerOpen(false)} />
      <div className="flc-main">
        <header className="flc-header">
          <button
            type="button"
            className="flc-icon-button flc-header__menu"
            aria-label={t('chat.sessions.open')}
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            disabled={!target}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          <Avatar face={face} size="large" />
          <h1 className="flc-header__title">{face?.name}</h1>
          {extra && <div className="flc-header__extra">{extra}</div>}
        </header>
        {target ? (
          <MessageList
            target={target}
            label={t('chat.messages.label')}
            asMain={variant === 'page'}
            avatar={<Avatar face={face} size="small" />}
            intro={intro}
            outro={suggestions.length > 0 ? <Suggestions questions={suggestions} target={target} /> : null}
          />
        ) : (
          <PendingMessages intro={intro} label={t('chat.messages.label')} asMain={variant === 'page'} />
        )}
        <Composer target={target} draft={draft} />
        {variant === 'page' && <footer className="flc-footer">{t('chat.poweredBy')}</footer>}
      </div>
    </div>
  );
}

/** What the view shows for a share state; exported for the page title. */
export function useShareState(shareId: string): ShareState {
  const shares = useUnit($shares);
  return shares[shareId] ?? { status: 'loading' };
}

type ViewProps = { variant: ChatVariant; headerExtra?: ReactNode; prompt?: string | null; onPromptTaken?: () => void; draft?: Draft };

function VisitorChat({ shareId, linkedVisitorId, variant, headerExtra, prompt, onPromptTaken, draft }: ViewProps & { shareId: string; linkedVisitorId?: string | null }) {
  const t = useT();
  const [opened, retried, linked, visitorId] = useUnit([chatOpened, shareRetryClicked, visitorLinked, $visitorId]);
  const state = useShareState(shareId);

  useEffect(() => {
    if (linkedVisitorId) linked(linkedVisitorId);
    opened(shareId);
  }, [opened, linked, shareId, linkedVisitorId]);

  const target = useMemo<ChatTarget | null>(() => (visitorId ? { kind: 'visitor', shareId, userId: visitorId } : null), [shareId, visitorId]);

  switch (state.status) {
    case 'not-found':
      return <StateScreen tone="neutral" icon={<BrokenLinkIcon />} title={t('chat.notFound.title')} description={t('chat.notFound.description')} extra={headerExtra} />;
    case 'failed':
      return (
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
    case 'loading':
    case 'ready': {
      // While the info is on the way the chat is drawn without it (header neutral), not as a spinner.
      const info: ShareInfo | null = state.status === 'ready' ? state.info : null;
      return (
        <Conversation
          target={info ? target : null}
          face={info}
          welcome={info ? info.welcome.trim() || t('chat.welcome.default', { name: info.name }) : null}
          suggestions={info ? info.suggestedQuestions.map((q) => q.trim()).filter(Boolean) : []}
          variant={variant}
          extra={headerExtra}
          prompt={prompt}
          onPromptTaken={onPromptTaken}
          draft={draft}
        />
      );
    }
  }
}

/** The console's debug chat of a robot: the staff member's own sessions, the robot's name, no welcome. */
function StaffChat({ processId, variant, headerExtra, prompt, onPromptTaken }: ViewProps & { processId: string }) {
  const t = useT();
  const [opened, retried, userId, robots] = useUnit([staffChatOpened, robotRetryClicked, $userId, $robots]);
  const state: RobotState = robots[processId] ?? { status: 'loading' };

  useEffect(() => {
    opened(processId);
  }, [opened, processId]);

  const target = useMemo<ChatTarget | null>(() => (userId ? { kind: 'staff', processId, userId } : null), [processId, userId]);

  if (!target) return <StateScreen tone="neutral" icon={<BrokenLinkIcon />} title={t('chat.staff.signedOut')} description={t('chat.staff.signedOutDescription')} />;
  switch (state.status) {
    case 'loading':
      return <Loading label={t('chat.loading')} />;
    case 'not-found':
      return <StateScreen tone="neutral" icon={<BrokenLinkIcon />} title={t('chat.staff.notFound')} description={t('chat.staff.notFoundDescription')} />;
    case 'failed':
      return (
        <StateScreen
          tone="warning"
          icon={<OfflineIcon />}
          title={t('chat.failed.title')}
          description={t('chat.failed.description')}
          action={
            <button type="button" className="flc-button" onClick={() => retried(processId)}>
              {t('chat.retry')}
            </button>
          }
        />
      );
    case 'ready':
      return (
        <Conversation
          target={target}
          face={state.robot}
          welcome={null}
          suggestions={[]}
          variant={variant}
          extra={headerExtra}
          prompt={prompt}
          onPromptTaken={onPromptTaken}
        />
      );
  }
}

/**
 * The chat with one robot: through a share (`shareId`: the public chat, header in the share's colour,
 * its welcome and suggested questions) or as staff (`processId`: the console's debug chat). `page`
 * fills the screen; `console` and `panel` fill their container and follow the console's theme.
 */
export function ChatView({ subject, variant, headerExtra, prompt, onPromptTaken, draft }: ViewProps & { subject: ChatSubject }) {
  const shares = useUnit($shares);
  const shareState = 'shareId' in subject ? shares[subject.shareId] : undefined;
  const style = accentVariablesOf(shareState?.status === 'ready' ? shareState.info.themeColor : undefined) as CSSProperties;
  const view = { variant, headerExtra, prompt, onPromptTaken, draft };
  return (
    <div className={`flc-chat flc-chat--${variant}`} style={style} data-status={shareState?.status ?? 'ready'}>
      <div className="flc-chat__frame">
        {'shareId' in subject ? (
          <VisitorChat shareId={subject.shareId} linkedVisitorId={subject.linkedVisitorId} {...view} />
        ) : (
          <StaffChat processId={subject.processId} {...view} />
        )}
      </div>
    </div>
  );
}

/** The not-found screen of a URL that names no share at all (`/chat` without `?shareId=`). */
export function MissingShare({ variant, headerExtra }: { variant: ChatVariant; headerExtra?: ReactNode }) {
  const t = useT();
  return (
    <div className={`flc-chat flc-chat--${variant}`}>
      <div className="flc-chat__frame">
        <StateScreen tone="neutral" icon={<BrokenLinkIcon />} title={t('chat.notFound.title')} description={t('chat.notFound.description')} extra={headerExtra} />
      </div>
    </div>
  );
}
