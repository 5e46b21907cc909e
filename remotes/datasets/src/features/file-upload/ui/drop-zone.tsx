import { Typography, IconUpload } from '@flotilla/shared/ui/semi';
import { useRef, useState, type CSSProperties, type DragEvent, type KeyboardEvent } from 'react';

const zoneStyle = (active: boolean, disabled: boolean): CSSProperties => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  padding: 24,
  textAlign: 'center',
  cursor: disabled ? 'not-allowed' : 'pointer',
  border: `1px dashed ${active ? 'var(--semi-color-primary)' : 'var(--semi-color-border)'}`,
  borderRadius: 'var(--semi-border-radius-large)',
  background: active ? 'var(--semi-color-primary-light-default)' : 'var(--semi-color-fill-0)',
  opacity: disabled ? 0.6 : 1,
});

export type DropZoneProps = {
  /** The `accept` attribute of the file input (the check that counts is the model's). */
  accept: string;
  multiple: boolean;
  /** The accessible name of the hidden file input (the zone is named by its title). */
  label: string;
  title: string;
  hint: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
};

/** A drop zone that also opens the file picker on click or Enter; it passes on every file, checked or not. */
export function DropZone({ accept, multiple, label, title, hint, disabled = false, onFiles }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  const open = () => {
    if (!disabled) input.current?.click();
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setActive(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <div
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      style={zoneStyle(active, disabled)}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open();
        }
      }}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setActive(true);
      }}
      onDragLeave={() => setActive(false)}
      onDrop={drop}
    >
      <IconUpload size="extra-large" style={{ color: 'var(--semi-color-primary)' }} />
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="tertiary" size="small">
        {hint}
      </Typography.Text>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={label}
        style={{ display: 'none' }}
        disabled={disabled}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again fires a change.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
