import { TagInput } from '@flotilla/shared/ui/semi';
import { CHUNK_LIMITS, useT } from '@flotilla/shared';
import { DEFAULT_SEPARATORS_SHOWN, readSeparator, showSeparator } from '../lib/separators';

/**
 * The separators a file is split at, as tags written with escapes (`\n`); empty stands for the
 * defaults, shown as the placeholder. Enter adds one: no character splits the input, since a comma
 * or a space may itself be a separator.
 */
export function SeparatorsInput({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (separators: string[]) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <TagInput
      value={value.map(showSeparator)}
      onChange={(written) => onChange(written.map(readSeparator))}
      separator={null}
      max={CHUNK_LIMITS.separators}
      disabled={disabled}
      placeholder={t('datasets.chunk.separatorsDefault', { separators: DEFAULT_SEPARATORS_SHOWN })}
      aria-label={t('datasets.chunk.separators')}
      style={{ width: '100%' }}
    />
  );
}
