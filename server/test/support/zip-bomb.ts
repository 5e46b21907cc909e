import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { DOCX_PARTS, zipOf, type ZipEntry } from './documents';

/** The parts given, one after another, raw-deflated as a stream (the whole is never held in memory). */
async function deflated(name: string, parts: () => Iterable<Buffer>): Promise<ZipEntry> {
  let crc = 0;
  let size = 0;
  for (const part of parts()) {
    crc = crc32(part, crc);
    size += part.length;
  }
  const out: Buffer[] = [];
  await pipeline(Readable.from(parts()), createDeflateRaw({ level: 9 }), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk);
  });
  return { name, data: Buffer.concat(out), method: 8, crc, size };
}

const PARAGRAPH =
  '<w:p><w:r><w:t>Returns are accepted within seven days of delivery; keep the receipt.</w:t></w:r></w:p>';

/**
 * A valid Word document whose word/document.xml is `megabytes` MB of paragraphs, deflated: a zip bomb (200 MB
 * of XML is ~700 KB on disk). `understated`: its headers claim the XML inflates to 1 KB, as a bomb made to
 * slip past a check of the declared sizes would.
 */
export async function zipBombDocx(megabytes: number, { understated = false } = {}): Promise<Buffer> {
  const megabyte = Buffer.from(PARAGRAPH.repeat(Math.floor((1024 * 1024) / PARAGRAPH.length)));
  const document = await deflated('word/document.xml', function* () {
    yield Buffer.from(DOCX_PARTS.open);
    for (let i = 0; i < megabytes; i++) yield megabyte;
    yield Buffer.from(DOCX_PARTS.close);
  });
  return zipOf([
    await deflated('[Content_Types].xml', () => [Buffer.from(DOCX_PARTS.contentTypes)]),
    await deflated('_rels/.rels', () => [Buffer.from(DOCX_PARTS.rels)]),
    { ...document, declaredSize: understated ? 1024 : undefined },
  ]);
}
