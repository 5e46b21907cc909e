import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';

/**
 * An entry as a zip holds it: `data` stored (method 0) or raw-deflated (8), the CRC-32 and size of what it
 * inflates to, and `declaredSize` when the headers are to claim another size (as a crafted zip would).
 */
export type ZipEntry = { name: string; data: Buffer; method: 0 | 8; crc: number; size: number; declaredSize?: number };

/** A zip of the entries, local headers first, then the central directory. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, method, crc } = entry;
    const size = entry.declaredSize ?? entry.size;
    const fileName = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip of stored (uncompressed) entries: the container of docx and xlsx files. */
export function zip(entries: Array<[string, string]>): Buffer {
  return zipOf(
    entries.map(([name, text]) => {
      const data = Buffer.from(text);
      return { name, data, method: 0, crc: crc32(data), size: data.length };
    }),
  );
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The parts every Word document needs besides its body, and the body's opening and closing tags. */
export const DOCX_PARTS = {
  contentTypes:
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  rels: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  open: '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  close: '</w:body></w:document>',
};

/** A minimal Word document with one paragraph per item. */
export function docx(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  return zip([
    ['[Content_Types].xml', DOCX_PARTS.contentTypes],
    ['_rels/.rels', DOCX_PARTS.rels],
    ['word/document.xml', `${DOCX_PARTS.open}${body}${DOCX_PARTS.close}`],
  ]);
}

/** A PDF written by hand: `objects` numbered from 1, with a correct cross-reference table. */
function pdfFile(objects: string[], trailer: string): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF with one page per item, each page the given lines in Helvetica (ASCII text). */
export function pdf(pages: string[][]): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (const lines of pages) {
    const content = `BT /F1 12 Tf 72 720 Td ${lines.map((line, i) => `${i > 0 ? '0 -16 Td ' : ''}(${line.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj`).join(' ')} ET`;
    const pageNumber = objects.length + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageNumber + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(`${pageNumber} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  return pdfFile(objects, '/Root 1 0 R');
}

/** A PDF encrypted with a user password (standard security handler): it cannot be opened without it. */
export function encryptedPdf(): Buffer {
  const hex = (n: number) => `<${'ab'.repeat(n)}>`;
  return pdfFile(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `<< /Filter /Standard /V 1 /R 2 /O ${hex(32)} /U ${hex(32)} /P -4 >>`,
    ],
    `/Root 1 0 R /Encrypt 4 0 R /ID [${hex(16)} ${hex(16)}]`,
  );
}

/** The start of a PDF and then garbage: recognised as a PDF, unreadable. */
export const CORRUPT_PDF = Buffer.from(
  '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\ngarbage garbage\n',
  'latin1',
);

/** A Windows executable (its MZ header): what a renamed binary looks like. */
export const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(62), Buffer.alloc(200)]);

/** An xlsx workbook (written by exceljs) with one sheet per entry. */
export async function xlsx(sheets: Record<string, Array<Array<string | number | null>>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body, built by hand as a browser's FormData would send it. */
export function multipart(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----flotilla${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.content);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The form of a dataset upload: the file, then the other fields given. */
export function uploadForm(filename: string, content: Buffer, fields: Record<string, string> = {}) {
  return multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename, content },
  ]);
}
