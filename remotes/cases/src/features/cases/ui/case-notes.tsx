import { Button, TextArea } from '@flotilla/shared/ui/semi';
import { CASE_LIMITS, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { $pendingChange, caseNotesSaved } from '../case-detail.model';

/** The agent's notes on a case, saved on demand; keyed by case by its parent so another case starts afresh. */
export function CaseNotes({ notes }: { notes: string }) {
  const t = useT();
  const [draft, setDraft] = useState(notes);
  const m = useUnit({ pending: $pendingChange, saved: caseNotesSaved });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <TextArea
        aria-label={t('cases.detail.notes')}
        placeholder={t('cases.detail.notesPlaceholder')}
        value={draft}
        onChange={setDraft}
        maxCount={CASE_LIMITS.notesMax}
        maxLength={CASE_LIMITS.notesMax}
        autosize={{ minRows: 3, maxRows: 10 }}
      />
      <div>
        <Button
          loading={m.pending === 'notes'}
          disabled={draft === notes || (m.pending !== null && m.pending !== 'notes')}
          onClick={() => m.saved(draft)}
        >
          {t('cases.detail.saveNotes')}
        </Button>
      </div>
    </div>
  );
}
