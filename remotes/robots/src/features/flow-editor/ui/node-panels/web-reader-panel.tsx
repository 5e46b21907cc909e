import { useT } from '@flotilla/shared';
import { TemplateField } from '../template-field';
import type { PanelProps } from './panel-props';

/** A webReader node: the page it reads. */
export function WebReaderPanel({ node, change, variables }: PanelProps<'webReader'>) {
  const t = useT();
  return (
    <TemplateField
      label={t('robots.flowEditor.field.url')}
      value={node.data.url}
      onChange={(url) => change({ url }, 'url')}
      variables={variables}
      multiline={false}
      maxLength={2000}
    />
  );
}
