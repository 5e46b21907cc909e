import { Banner, Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import type { ImportRowError } from '../database-import.model';

// A list, not a table: on a phone the reason stays on screen, wrapped under its row and column.
const listStyle = { margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 6 } as const;

/** The rows of a refused import that did not fit: row, column and why; nothing was imported. */
export function RowErrors({ errors }: { errors: ImportRowError[] }) {
  const t = useT();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Banner
        type="danger"
        fullMode={false}
        closeIcon={null}
        title={t('datasets.database.import.rowsRefused', { count: errors.length })}
        description={t('datasets.database.import.rowsRefusedHint')}
      />
      <ul style={listStyle} aria-label={t('datasets.database.import.errors')}>
        {errors.map((error, index) => (
          <li key={index}>
            <Typography.Text strong>
              {error.row === null
                ? t('datasets.database.import.errorFile')
                : t('datasets.database.import.errorAt', { row: error.row })}
            </Typography.Text>
            {error.column !== null && (
              <>
                {' · '}
                <code style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{error.column}</code>
              </>
            )}
            {' — '}
            <Typography.Text type="danger" style={{ wordBreak: 'break-word' }}>
              {error.message}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
