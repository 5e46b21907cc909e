import { Select } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { VISUALLY_HIDDEN } from '@flotilla/shared/ui';
import { $tags, $tagsStatus } from '../robot-tags.model';

/** Picks the tag a list is filtered by; cleared, it shows robots with any tag or none. */
export function TagFilter({ value, onChange }: { value: string | null; onChange: (tagId: string | null) => void }) {
  const t = useT();
  const labelId = useId();
  const { tags, status } = useUnit({ tags: $tags, status: $tagsStatus });
  return (
    <>
      {/* Semi's Select sets its own aria-label ("selected"); a label element names it instead. */}
      <span id={labelId} style={VISUALLY_HIDDEN}>
        {t('robots.tags.filter')}
      </span>
      <Select
        aria-labelledby={labelId}
        placeholder={t('robots.tags.filterAll')}
        value={value ?? undefined}
        // onSelect, not onChange: a controlled Select reports the change only after its closing animation.
        onSelect={(picked) => onChange(typeof picked === 'string' && picked !== '' ? picked : null)}
        onClear={() => onChange(null)}
        showClear
        loading={status === 'loading'}
        emptyContent={t(status === 'error' ? 'robots.tags.loadFailed' : 'robots.tags.empty')}
        optionList={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
        style={{ width: 200 }}
      />
    </>
  );
}
