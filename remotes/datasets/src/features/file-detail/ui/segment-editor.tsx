import { useUnit } from 'effector-react';
import { $segmentEditor } from '../file-detail.model';
import { OpenEditor } from './open-editor';

/** The editor of a segment (text, or question and answer), or of a new one at the end of the file. */
export function SegmentEditor() {
  const editor = useUnit($segmentEditor);
  if (editor === null) return null;
  return editor === 'new' ? <OpenEditor key="new" segment={null} /> : <OpenEditor key={editor.id} segment={editor} />;
}
