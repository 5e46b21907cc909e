import { Banner, Button, Input, Radio, RadioGroup, Spin, Typography, IconSearch } from '@flotilla/shared/ui/semi';
import { failureText, SEARCH_MODES, useT, type Dataset, type SearchMode } from '@flotilla/shared';
import { EmptyState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { cataloguePath } from '../../../lib/catalogue-tree';
import { $catalogues } from '../../catalogues/catalogues.model';
import {
  $searchFailure,
  $searching,
  $searchMode,
  $searchQuery,
  $searchResult,
  $vectorAvailable,
  searchModeChanged,
  searchQueryChanged,
  searchSubmitted,
  searchTestOpened,
} from '../search-test.model';
import { Hit } from './hit';

/** The search test of a dataset: a query in a mode, then the hits with their scores, the mode used and the time. */
export function SearchTestPanel({ dataset }: { dataset: Pick<Dataset, 'id' | 'embeddingModel'> }) {
  const t = useT();
  const m = useUnit({
    query: $searchQuery,
    mode: $searchMode,
    vector: $vectorAvailable,
    result: $searchResult,
    failure: $searchFailure,
    searching: $searching,
    catalogues: $catalogues,
    opened: searchTestOpened,
    queryChanged: searchQueryChanged,
    modeChanged: searchModeChanged,
    submitted: searchSubmitted,
  });
  const { opened } = m;
  const { id, embeddingModel } = dataset;
  useEffect(() => {
    opened({ id, embeddingModel });
  }, [opened, id, embeddingModel]);

  let results = null;
  if (m.failure) {
    results = (
      <Banner
        type="danger"
        fullMode={false}
        closeIcon={null}
        title={t('datasets.search.failed')}
        description={failureText(m.failure, t)}
      />
    );
  } else if (m.searching && !m.result) {
    results = <Spin style={{ width: '100%', padding: 24 }} />;
  } else if (m.result) {
    const { result } = m;
    results = (
      <>
        <Typography.Text type="tertiary" data-testid="search-summary">
          {t('datasets.search.summary', {
            mode: t(`datasets.searchMode.${result.mode}`),
            ms: Math.round(result.tookMs),
            count: result.total,
          })}
        </Typography.Text>
        {result.mode !== result.requestedMode && (
          <Banner
            type="warning"
            fullMode={false}
            closeIcon={null}
            description={t('datasets.search.fellBack', {
              requested: t(`datasets.searchMode.${result.requestedMode}`),
              used: t(`datasets.searchMode.${result.mode}`),
            })}
          />
        )}
        {result.list.length === 0 ? (
          <EmptyState
            title={t('datasets.search.noHits', { query: result.query })}
            description={t('datasets.search.noHitsHint')}
          />
        ) : (
          result.list.map((hit, index) => (
            <Hit key={hit.id} hit={hit} rank={index + 1} folder={cataloguePath(m.catalogues, hit.catalogueId)} />
          ))
        )}
      </>
    );
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Text type="tertiary">{t('datasets.search.description')}</Typography.Text>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        <Input
          prefix={<IconSearch />}
          value={m.query}
          onChange={(value) => m.queryChanged(value)}
          onEnterPress={() => m.submitted()}
          maxLength={1000}
          placeholder={t('datasets.search.placeholder')}
          aria-label={t('datasets.search.query')}
          style={{ flex: '1 1 320px' }}
        />
        <RadioGroup
          type="button"
          value={m.mode}
          onChange={(event) => m.modeChanged(event.target.value as SearchMode)}
          aria-label={t('datasets.search.mode')}
        >
          {SEARCH_MODES.map((mode) => (
            <Radio key={mode} value={mode} disabled={mode !== 'fulltext' && !m.vector}>
              {t(`datasets.searchMode.${mode}`)}
            </Radio>
          ))}
        </RadioGroup>
        <Button
          theme="solid"
          type="primary"
          loading={m.searching}
          disabled={!m.query.trim()}
          onClick={() => m.submitted()}
        >
          {t('datasets.search.submit')}
        </Button>
      </div>
      {!m.vector && <Typography.Text type="tertiary">{t('datasets.search.vectorUnavailable')}</Typography.Text>}
      {results}
    </div>
  );
}
