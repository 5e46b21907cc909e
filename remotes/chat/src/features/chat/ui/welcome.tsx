import { Avatar, type Face } from './avatar';

/** The welcome as the first assistant message. */
export function Welcome({ face, text }: { face: Face | null; text: string }) {
  return (
    <div className="flc-message flc-message--assistant">
      <Avatar face={face} size="small" />
      <div className="flc-bubble flc-bubble--welcome" data-testid="welcome">
        {text}
      </div>
    </div>
  );
}
