import {
  IconApps,
  IconArticle,
  IconBookStroked,
  IconCheckList,
  IconComment,
  IconCommentStroked,
  IconExit,
  IconGridView,
  IconList,
  IconPlay,
  IconPriceTag,
  IconServer,
} from '@flotilla/shared/ui/semi';
import type { FlowNodeType } from '@flotilla/shared';

type IconComponent = typeof IconPlay;

/** How a node type looks: its name (message id), icon and colour (a Semi palette colour, right in both themes). */
export type NodeLook = { labelId: string; hintId: string; icon: IconComponent; color: string };

/** The look of every node type; a type without one fails to compile. */
export const NODE_LOOKS: Record<FlowNodeType, NodeLook> = {
  start: {
    labelId: 'robots.flowEditor.node.start',
    hintId: 'robots.flowEditor.hint.start',
    icon: IconPlay,
    color: 'var(--semi-color-success)',
  },
  aiChat: {
    labelId: 'robots.flowEditor.node.aiChat',
    hintId: 'robots.flowEditor.hint.aiChat',
    icon: IconComment,
    color: 'rgba(var(--semi-blue-5), 1)',
  },
  knowledgeSearch: {
    labelId: 'robots.flowEditor.node.knowledgeSearch',
    hintId: 'robots.flowEditor.hint.knowledgeSearch',
    icon: IconBookStroked,
    color: 'rgba(var(--semi-cyan-5), 1)',
  },
  dbQuery: {
    labelId: 'robots.flowEditor.node.dbQuery',
    hintId: 'robots.flowEditor.hint.dbQuery',
    icon: IconGridView,
    color: 'rgba(var(--semi-light-blue-5), 1)',
  },
  classify: {
    labelId: 'robots.flowEditor.node.classify',
    hintId: 'robots.flowEditor.hint.classify',
    icon: IconApps,
    color: 'rgba(var(--semi-violet-5), 1)',
  },
  condition: {
    labelId: 'robots.flowEditor.node.condition',
    hintId: 'robots.flowEditor.hint.condition',
    icon: IconList,
    color: 'rgba(var(--semi-orange-5), 1)',
  },
  setVariable: {
    labelId: 'robots.flowEditor.node.setVariable',
    hintId: 'robots.flowEditor.hint.setVariable',
    icon: IconPriceTag,
    color: 'rgba(var(--semi-amber-5), 1)',
  },
  httpRequest: {
    labelId: 'robots.flowEditor.node.httpRequest',
    hintId: 'robots.flowEditor.hint.httpRequest',
    icon: IconServer,
    color: 'rgba(var(--semi-indigo-5), 1)',
  },
  webReader: {
    labelId: 'robots.flowEditor.node.webReader',
    hintId: 'robots.flowEditor.hint.webReader',
    icon: IconArticle,
    color: 'rgba(var(--semi-teal-5), 1)',
  },
  formCollect: {
    labelId: 'robots.flowEditor.node.formCollect',
    hintId: 'robots.flowEditor.hint.formCollect',
    icon: IconCheckList,
    color: 'rgba(var(--semi-pink-5), 1)',
  },
  reply: {
    labelId: 'robots.flowEditor.node.reply',
    hintId: 'robots.flowEditor.hint.reply',
    icon: IconCommentStroked,
    color: 'rgba(var(--semi-green-5), 1)',
  },
  end: {
    labelId: 'robots.flowEditor.node.end',
    hintId: 'robots.flowEditor.hint.end',
    icon: IconExit,
    color: 'rgba(var(--semi-grey-5), 1)',
  },
};

/** The words of each issue code (a code the editor does not know reads as `invalid`). */
export const ISSUE_MESSAGES: Record<string, string> = {
  invalid: 'robots.flowEditor.issue.invalid',
  duplicateId: 'robots.flowEditor.issue.duplicateId',
  noStart: 'robots.flowEditor.issue.noStart',
  manyStarts: 'robots.flowEditor.issue.manyStarts',
  noSteps: 'robots.flowEditor.issue.noSteps',
  notAStep: 'robots.flowEditor.issue.notAStep',
  unreachable: 'robots.flowEditor.issue.unreachable',
  notConnected: 'robots.flowEditor.issue.notConnected',
  manyTargets: 'robots.flowEditor.issue.manyTargets',
  badHandle: 'robots.flowEditor.issue.badHandle',
  intoStart: 'robots.flowEditor.issue.intoStart',
  danglingEdge: 'robots.flowEditor.issue.danglingEdge',
  cycle: 'robots.flowEditor.issue.cycle',
  unknownVariable: 'robots.flowEditor.issue.unknownVariable',
};

/** An issue in words: what is wrong, and the field when it names one. */
export function issueText(
  issue: { code: string; field: string },
  t: (id: string, values?: Record<string, unknown>) => string,
): string {
  const what = t(ISSUE_MESSAGES[issue.code] ?? 'robots.flowEditor.issue.invalid');
  const field = issue.field && !['id', 'next', 'nodes', 'type', 'data'].includes(issue.field) ? issue.field : '';
  return field ? t('robots.flowEditor.issue.inField', { what, field }) : what;
}
