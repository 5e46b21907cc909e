import { Button, IconDelete, IconPlus, Input, Select } from '@flotilla/shared/ui/semi';
import { FLOW_HTTP_METHODS, FLOW_LIMITS, useT, type FlowHttpMethod } from '@flotilla/shared';
import { useId, useState } from 'react';
import { FieldRow } from '../field-row';
import { TemplateField } from '../template-field';
import type { PanelProps } from './panel-props';

type HeaderRow = { name: string; value: string };

/** The rows as the node stores them: named rows only, the last of a repeated name winning. */
const toRecord = (rows: readonly HeaderRow[]) =>
  Object.fromEntries(rows.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]));

/** An httpRequest node: method, URL, headers and body (URL, header values and body take variables). */
export function HttpRequestPanel({ node, change, variables }: PanelProps<'httpRequest'>) {
  const t = useT();
  const methodId = useId();
  // Rows are kept here while edited: a header being named has no name yet, which the node cannot hold.
  const [rows, setRows] = useState<HeaderRow[]>(() =>
    Object.entries(node.data.headers ?? {}).map(([name, value]) => ({ name, value })),
  );
  const setHeaders = (next: HeaderRow[], field: string) => {
    setRows(next);
    const headers = toRecord(next);
    change({ headers: Object.keys(headers).length > 0 ? headers : undefined }, field);
  };
  const update = (index: number, patch: Partial<HeaderRow>, field: string) =>
    setHeaders(
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
      `headers.${index}.${field}`,
    );
  return (
    <>
      <FieldRow label={t('robots.flowEditor.field.method')} htmlFor={methodId}>
        <Select
          id={methodId}
          aria-label={t('robots.flowEditor.field.method')}
          style={{ width: '100%' }}
          value={node.data.method}
          optionList={FLOW_HTTP_METHODS.map((method) => ({ value: method, label: method }))}
          onChange={(method) => change({ method: method as FlowHttpMethod }, 'method')}
        />
      </FieldRow>
      <TemplateField
        label={t('robots.flowEditor.field.url')}
        value={node.data.url}
        onChange={(url) => change({ url }, 'url')}
        variables={variables}
        multiline={false}
        maxLength={2000}
      />
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
        <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 4 }}>
          {t('robots.flowEditor.field.headers')}
        </legend>
        {rows.map((row, index) => (
          <div key={index} style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
            <Input
              aria-label={t('robots.flowEditor.field.headerName', { n: index + 1 })}
              placeholder={t('robots.flowEditor.field.headerNamePlaceholder')}
              maxLength={100}
              value={row.name}
              onChange={(name) => update(index, { name: name.replace(/[^!#$%&'*+.^_`|~0-9A-Za-z-]/g, '') }, 'name')}
            />
            <Input
              aria-label={t('robots.flowEditor.field.headerValue', { n: index + 1 })}
              placeholder={t('robots.flowEditor.field.headerValuePlaceholder')}
              maxLength={2000}
              value={row.value}
              onChange={(value) => update(index, { value }, 'value')}
            />
            <Button
              icon={<IconDelete />}
              type="danger"
              theme="borderless"
              aria-label={t('robots.flowEditor.field.removeHeader', { n: index + 1 })}
              onClick={() =>
                setHeaders(
                  rows.filter((_, i) => i !== index),
                  'headers',
                )
              }
            />
          </div>
        ))}
        <Button
          icon={<IconPlus />}
          disabled={rows.length >= FLOW_LIMITS.headers}
          onClick={() => setRows([...rows, { name: '', value: '' }])}
        >
          {t('robots.flowEditor.field.addHeader')}
        </Button>
      </fieldset>
      {node.data.method !== 'GET' && (
        <TemplateField
          label={t('robots.flowEditor.field.body')}
          value={node.data.body ?? ''}
          onChange={(body) => change({ body: body || undefined }, 'body')}
          variables={variables}
        />
      )}
    </>
  );
}
