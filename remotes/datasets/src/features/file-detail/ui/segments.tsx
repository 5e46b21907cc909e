import { Banner, Pagination, Spin, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT, type DatasetFile } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { isFileMoving } from '../../../lib/file-status';
import {
  $segmentChangeFailure,
  $segments,
  $segmentsFailure,
  $segmentsPage,
  $segmentsStatus,
  $segmentsTotal,
  SEGMENTS_PAGE_SIZE,
  segmentsPageChanged,
  segmentsRetryClicked,
} from '../file-detail.model';
import { SegmentCard } from './segment-card';

export function Segments({ file }: { file: DatasetFile }) {
  const t = useT();
  const m = useUnit({
    segments: $segments,
    total: $segmentsTotal,
    page: $segmentsPage,
    status: $segmentsStatus,
    failure: $segmentsFailure,
    changeFailure: $segmentChangeFailure,
    paged: segmentsPageChanged,
    retried: segmentsRetryClicked,
  });
  let body;
  if (m.status === 'error') {
    body = (
      <ErrorState
        title={t('datasets.segment.loadFailed')}
        description={m.failure ? failureText(m.failure, t) : undefined}
        onRetry={m.retried}
      />
    );
  } else if (m.status === 'loading' && m.segments.length === 0) {
    body = <Spin style={{ width: '100%', padding: 32 }} />;
  } else if (m.segments.length === 0) {
    body = isFileMoving(file.status) ? (
      <EmptyState title={t('datasets.segment.waiting')} description={t('datasets.segment.waitingHint')} />
    ) : (
      <EmptyState title={t('datasets.segment.empty')} description={t('datasets.segment.emptyHint')} />
    );
  } else {
    body = (
      <Spin spinning={m.status === 'loading'}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {m.segments.map((segment) => (
            <SegmentCard key={segment.id} segment={segment} />
          ))}
        </div>
      </Spin>
    );
  }
  return (
    <>
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t('datasets.segment.title', { count: m.total })}
      </Typography.Title>
      {m.changeFailure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('datasets.segment.changeFailed')}
          description={failureText(m.changeFailure, t)}
        />
      )}
      {body}
      {m.total > SEGMENTS_PAGE_SIZE && (
        <Pagination
          total={m.total}
          pageSize={SEGMENTS_PAGE_SIZE}
          currentPage={m.page}
          onPageChange={m.paged}
          style={{ alignSelf: 'center' }}
        />
      )}
    </>
  );
}
