import mammoth from 'mammoth';
import { ReasonError } from '../reasons';

/** The text of a Word document (paragraphs apart), with mammoth; FILE_CORRUPT when it cannot be read. */
export async function docxText(bytes: Uint8Array): Promise<string> {
  try {
    const { value } = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
    return value;
  } catch {
    throw new ReasonError('FILE_CORRUPT');
  }
}
