import { useT } from '@flotilla/shared';
import { TemplateField } from '../template-field';
import type { PanelProps } from './panel-props';

/** A reply node: the text it says. */
export function ReplyPanel({ node, change, variables }: PanelProps<'reply'>) {
  const t = useT();
  return (
    <TemplateField
      label={t('robots.flowEditor.field.text')}
      value={node.data.text}
      onChange={(text) => change({ text }, 'text')}
      variables={variables}
    />
  );
}
