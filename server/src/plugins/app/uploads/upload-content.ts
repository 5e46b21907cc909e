// knowledge/file-types.ts still imports these from here; it moves to lib/upload-content with its next change,
// and this file goes (server/test/layers.test.ts lists the import as waiting).
export { isUtf8Text, sniffContentType } from '../../../lib/upload-content';
