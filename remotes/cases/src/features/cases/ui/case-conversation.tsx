import { Spin, Tag, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT, type CaseStage } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import {
  $conversation,
  $conversationFailure,
  $conversationStatus,
  conversationRetryClicked,
} from '../case-detail.model';
import { MessagePair } from './message-pair';

/** Catalog ids of the stages' headings. */
const STAGE_LABEL_IDS: Record<CaseStage, string> = {
  enquiry: 'cases.stage.enquiry',
  collection: 'cases.stage.collection',
  followUp: 'cases.stage.followUp',
};

/** The conversation a case came from: by stages (enquiry, collection, follow-up) when known, else its messages. */
export function CaseConversation() {
  const t = useT();
  const m = useUnit({
    conversation: $conversation,
    status: $conversationStatus,
    failure: $conversationFailure,
    retried: conversationRetryClicked,
  });

  if (m.status === 'error')
    return (
      <ErrorState
        title={t('cases.detail.conversationFailed')}
        description={m.failure ? failureText(m.failure, t) : undefined}
        onRetry={m.retried}
      />
    );
  if (!m.conversation)
    return <Spin tip={t('cases.detail.conversationLoading')} style={{ width: '100%', padding: 24 }} />;

  if (m.conversation.kind === 'stages')
    return (
      <div>
        {m.conversation.stages.map(({ stage, messages }) => (
          <section key={stage} className="flc-case__stage" aria-label={t(STAGE_LABEL_IDS[stage])}>
            <Tag color="light-blue" type="light">
              {t(STAGE_LABEL_IDS[stage])}
            </Tag>
            {messages.map((message) => (
              <MessagePair key={message.id} message={message} />
            ))}
          </section>
        ))}
      </div>
    );

  const { messages, total } = m.conversation;
  if (messages.length === 0)
    return <EmptyState title={t('cases.detail.noConversation')} description={t('cases.detail.noConversationHint')} />;
  return (
    <div>
      {messages.map((message) => (
        <MessagePair key={message.id} message={message} />
      ))}
      {total > messages.length && (
        <Typography.Text type="tertiary">
          {t('cases.detail.moreMessages', { count: total - messages.length })}
        </Typography.Text>
      )}
    </div>
  );
}
