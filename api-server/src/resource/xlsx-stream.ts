/**
 * An xlsx of any length in bounded memory: SheetJS writes the workbook around a header-only sheet,
 * the data rows are appended to that sheet's XML chunk by chunk through one deflate stream, and the
 * zip is assembled from the compressed parts. Only the compressed sheet (about a tenth of the
 * XML) is held, never the cells of the whole result.
 */
import { once } from 'node:events';
import zlib from 'node:zlib';
import * as XLSX from 'xlsx';

/** 2026-01-01 as an MS-DOS date: zip readers want a valid one. */
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

interface Part {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export class XlsxSheetWriter {
  private readonly parts: Part[] = [];
  private readonly sheetPath: string;
  private readonly suffix: string;
  private readonly deflate = zlib.createDeflateRaw();
  private readonly compressed: Buffer[] = [];
  private readonly columns: string[];
  private crc = 0;
  private size = 0;
  private rowNo = 1;

  /** `before`: small sheets written whole ahead of the streamed one (a statement's summary). */
  constructor(header: string[], sheetName: string, before: Array<{ name: string; rows: unknown[][]; widths?: number[] }> = []) {
    const book = XLSX.utils.book_new();
    for (const { name, rows, widths } of before) {
      const small = XLSX.utils.aoa_to_sheet(rows);
      if (widths) small['!cols'] = widths.map((wch) => ({ wch }));
      XLSX.utils.book_append_sheet(book, small, name);
    }
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header]), sheetName);
    const streamed = `xl/worksheets/sheet${before.length + 1}.xml`;
    const zip = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: false }) as Buffer, { type: 'buffer' });
    let sheet = '';
    zip.FullPaths.forEach((full: string, i: number) => {
      const entry = zip.FileIndex[i];
      if (entry.type !== 2 || !entry.content || full.includes('\u0001')) return;
      const name = full.replace(/^Root Entry\//, '');
      if (name === streamed) sheet = Buffer.from(entry.content as Uint8Array).toString('utf8');
      else this.addPart(name, Buffer.from(entry.content as Uint8Array));
    });
    this.sheetPath = streamed;
    // The dimension and the ignored-errors range name the header only; both are optional.
    const [prefix, rest] = sheet.replace(/<dimension [^>]*\/>/, '').split('</sheetData>');
    this.suffix = `</sheetData>${rest.replace(/<ignoredErrors>.*<\/ignoredErrors>/, '')}`;
    this.columns = header.map((_, i) => columnName(i));
    this.deflate.on('data', (chunk: Buffer) => this.compressed.push(chunk));
    this.write(prefix);
  }

  private addPart(name: string, content: Buffer) {
    this.parts.push({ name, data: zlib.deflateRawSync(content), crc: zlib.crc32(content), size: content.length });
  }

  private write(text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    this.crc = zlib.crc32(bytes, this.crc);
    this.size += bytes.length;
    return new Promise((resolve) => this.deflate.write(bytes, () => resolve()));
  }

  /** Appends rows of cell texts (numbers and strings as shown). */
  addRows(rows: unknown[][]): Promise<void> {
    let xml = '';
    for (const cells of rows) {
      const r = ++this.rowNo;
      xml += `<row r="${r}">`;
      cells.forEach((value, i) => {
        if (value === null || value === undefined || value === '') return;
        xml += `<c r="${this.columns[i]}${r}" t="str"><v>${escapeXml(String(value))}</v></c>`;
      });
      xml += '</row>';
    }
    return this.write(xml);
  }

  /** The finished file. */
  async finish(): Promise<Buffer> {
    await this.write(this.suffix);
    // 'end' (not the write side's finish) is when the last compressed bytes have been read.
    const ended = once(this.deflate, 'end');
    this.deflate.end();
    await ended;
    this.parts.push({ name: this.sheetPath, data: Buffer.concat(this.compressed), crc: this.crc >>> 0, size: this.size });
    const order = [...this.parts].sort((a, b) => Number(b.name === '[Content_Types].xml') - Number(a.name === '[Content_Types].xml'));
    const local: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    for (const part of order) {
      const name = Buffer.from(part.name, 'utf8');
      const head = Buffer.alloc(30);
      head.writeUInt32LE(0x04034b50, 0);
      head.writeUInt16LE(20, 4);
      head.writeUInt16LE(0x0800, 6); // UTF-8 names
      head.writeUInt16LE(8, 8); // deflate
      head.writeUInt16LE(DOS_DATE, 12);
      head.writeUInt32LE(part.crc >>> 0, 14);
      head.writeUInt32LE(part.data.length, 18);
      head.writeUInt32LE(part.size, 22);
      head.writeUInt16LE(name.length, 26);
      const dir = Buffer.alloc(46);
      dir.writeUInt32LE(0x02014b50, 0);
      dir.writeUInt16LE(20, 4);
      dir.writeUInt16LE(20, 6);
      head.copy(dir, 8, 6, 30);
      dir.writeUInt32LE(offset, 42);
      local.push(head, name, part.data);
      central.push(dir, name);
      offset += head.length + name.length + part.data.length;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(order.length, 8);
    end.writeUInt16LE(order.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...local, directory, end]);
  }
}

/** A one-sheet workbook of `rows` (the header first), whole in memory: a small sheet (an import's results, an export mode's lines). */
export function xlsxOf(sheetName: string, rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
