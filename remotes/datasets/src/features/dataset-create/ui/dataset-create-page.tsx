import { Banner, Button, Form } from '@douyinfe/semi-ui';
import { useT, type CreateDatasetBody } from '@flotilla/shared';
import { Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { DATASET_LIST_PATH, type DatasetListLocationState } from '../../../lib/paths';
import { BackToDatasets } from '../../../ui/back-button';
import {
  $createdDataset,
  $createFailure,
  $creating,
  datasetCreatePageClosed,
  datasetCreatePageOpened,
  datasetCreateSubmitted,
} from '../dataset-create.model';

type CreateDatasetForm = Partial<CreateDatasetBody>;

/** `/dataset/:id?/create`: a new, empty dataset; on success the list, where it shows first. */
export function DatasetCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const { creating, failure, created, opened, closed, submitted } = useUnit({
    creating: $creating,
    failure: $createFailure,
    created: $createdDataset,
    opened: datasetCreatePageOpened,
    closed: datasetCreatePageClosed,
    submitted: datasetCreateSubmitted,
  });
  useEffect(() => {
    opened();
    return closed;
  }, [opened, closed]);
  useEffect(() => {
    if (created) navigate(DATASET_LIST_PATH, { state: { created: true } satisfies DatasetListLocationState });
  }, [created, navigate]);

  return (
    <Page>
      <PageHeader back={<BackToDatasets />} title={t('datasets.create.title')} description={t('datasets.create.description')} />
      <Surface>
        <div style={{ maxWidth: 640 }}>
          {failure && (
            <Banner
              type="danger"
              fullMode={false}
              closeIcon={null}
              title={t('datasets.create.failed')}
              description={failure.status === 0 ? t('datasets.error.network') : failure.message}
              style={{ marginBottom: 12 }}
            />
          )}
          <Form<CreateDatasetForm> onSubmit={(values) => submitted({ ...values, name: values.name ?? '' })} labelPosition="top">
            <Form.Input
              field="name"
              label={t('datasets.form.name')}
              placeholder={t('datasets.form.namePlaceholder')}
              maxLength={100}
              autoFocus
              rules={[{ required: true, whitespace: true, message: t('datasets.form.nameRequired') }]}
            />
            <Form.TextArea
              field="description"
              label={t('datasets.form.description')}
              placeholder={t('datasets.form.descriptionPlaceholder')}
              maxCount={1000}
              maxLength={1000}
              rows={4}
            />
            <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
              <Button htmlType="submit" theme="solid" type="primary" loading={creating}>
                {t('datasets.create.submit')}
              </Button>
              <Button type="tertiary" onClick={() => navigate(DATASET_LIST_PATH)}>
                {t('datasets.create.cancel')}
              </Button>
            </div>
          </Form>
        </div>
      </Surface>
    </Page>
  );
}
