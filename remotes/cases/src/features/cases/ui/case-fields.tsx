import { Descriptions, Typography } from '@flotilla/shared/ui/semi';
import { robotDetailPath, useDateTime, useT, type Case, type CaseSource } from '@flotilla/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Catalog ids of how a case was opened. */
const SOURCE_LABEL_IDS: Record<CaseSource, string> = {
  caseForm: 'cases.source.caseForm',
  flow: 'cases.source.flow',
  manual: 'cases.source.manual',
};

/** What the case holds: who and which robot, the team, when, and every field its conversation gave. */
export function CaseFields({ item }: { item: Case }) {
  const t = useT();
  const formatDate = useDateTime();
  const none = (id: string) => <Typography.Text type="tertiary">{t(id)}</Typography.Text>;
  const rows: { key: string; value: ReactNode }[] = [
    { key: t('cases.list.column.customer'), value: item.customer || none('cases.list.anonymous') },
    { key: t('cases.detail.phone'), value: item.phone || none('cases.list.none') },
    {
      key: t('cases.list.column.robot'),
      value: item.processName ? (
        <Link to={robotDetailPath(item.processId)}>{item.processName}</Link>
      ) : (
        none('cases.list.robotDeleted')
      ),
    },
    { key: t('cases.list.column.team'), value: item.teamName || none('cases.list.none') },
    { key: t('cases.detail.source'), value: t(SOURCE_LABEL_IDS[item.source]) },
    { key: t('cases.list.column.createdAt'), value: formatDate(item.createdAt) },
    ...(item.closedAt ? [{ key: t('cases.detail.closedAt'), value: formatDate(item.closedAt) }] : []),
  ];
  const fields = Object.entries(item.form);
  return (
    <>
      <Descriptions data={rows} />
      <Typography.Title heading={6} className="flc-case__section-title" style={{ marginTop: 16 }}>
        {t('cases.detail.fields')}
      </Typography.Title>
      {fields.length > 0 ? (
        <Descriptions data={fields.map(([name, value]) => ({ key: name, value: String(value) }))} />
      ) : (
        none('cases.detail.noFields')
      )}
    </>
  );
}
