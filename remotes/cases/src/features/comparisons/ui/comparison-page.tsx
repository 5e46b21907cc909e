import { Button } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { $deleted, $started, comparisonOpened, newComparisonToggled } from '../comparisons.model';
import { comparisonPath, COMPARISONS_PATH } from '../lib/comparisons-path';
import { ComparisonDetailView } from './comparison-detail';
import { ComparisonList } from './comparison-list';
import { NewComparisonModal } from './new-comparison-modal';
import './comparisons.css';

/** /case/comparison: robot comparisons, and (`?id=`) one comparison side by side. */
export function ComparisonPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const m = useUnit({
    opened: comparisonOpened,
    newToggled: newComparisonToggled,
    started: $started,
    deleted: $deleted,
  });
  const { opened } = m;
  useEffect(() => {
    opened(id);
  }, [id, opened]);

  // A comparison just started opens; the one just deleted from its page goes back to the list.
  const seen = useRef({ started: m.started, deleted: m.deleted });
  useEffect(() => {
    if (m.started && m.started !== seen.current.started) navigate(comparisonPath(m.started));
    if (m.deleted && m.deleted !== seen.current.deleted && m.deleted === id) navigate(COMPARISONS_PATH);
    seen.current = { started: m.started, deleted: m.deleted };
  }, [m.started, m.deleted, id, navigate]);

  return (
    <>
      {id ? (
        <ComparisonDetailView id={id} />
      ) : (
        <Page>
          <PageHeader
            title={t('cases.comparisons.title')}
            description={t('cases.comparisons.description')}
            extra={
              <Button theme="solid" onClick={() => m.newToggled(true)}>
                {t('cases.comparisons.new')}
              </Button>
            }
          />
          <Surface>
            <ComparisonList />
          </Surface>
        </Page>
      )}
      <NewComparisonModal />
    </>
  );
}
