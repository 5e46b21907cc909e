import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { questionSubmitted } from '../ask.model';
import type { ChatTarget } from '../../chat/chat-target';

/** The share's suggested questions under the conversation: a click asks one. */
export function Suggestions({ questions, target }: { questions: string[]; target: ChatTarget }) {
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
