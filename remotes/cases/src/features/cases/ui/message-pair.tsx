import { Typography } from '@flotilla/shared/ui/semi';
import { useDateTime, type CaseMessage } from '@flotilla/shared';

/** One question of the visitor and the robot's answer. */
export function MessagePair({ message }: { message: CaseMessage }) {
  const formatDate = useDateTime();
  return (
    <div className="flc-case__message">
      <Typography.Text type="tertiary" size="small">
        {formatDate(message.createdAt)}
      </Typography.Text>
      <div className="flc-case__bubble flc-case__bubble--question">{message.question}</div>
      {message.answer && <div className="flc-case__bubble flc-case__bubble--answer">{message.answer}</div>}
    </div>
  );
}
