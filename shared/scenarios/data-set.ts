/**
 * A scenario's data set (issue 36): a CSV or JSON file whose every row is one iteration of the run, its columns
 * the iteration's variables and one column its name in reports.
 *
 * CSV from Excel on Chinese Windows is GBK: `decodeDataFile` reads a UTF-8 BOM (or a UTF-16 one) first, then keeps
 * UTF-8 when the bytes are valid UTF-8, else decodes GBK (TextDecoder('gbk'): the browser's and Node's with full
 * ICU). Parsing is papaparse's (quotes, embedded line breaks and commas), never a split on lines.
 */
import Papa from 'papaparse';
import type { DataSet } from '../schemas/scenario';

export interface DataRow {
  /** The row's name in reports: its name column, else `#n` (1-based). */
  name: string;
  values: Record<string, string>;
}

/** The data set could not be read: `reason` names the row, the column or the parser's complaint. */
export class DataSetError extends Error {
  constructor(
    readonly reason: 'encoding' | 'parse' | 'notRows' | 'missingColumn' | 'tooManyRows',
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'DataSetError';
  }
}

export const DATA_SET_MAX_ROWS = 10_000;

export type DataEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'gbk';

/** The file's bytes as text, and the encoding they were read as. */
export function decodeDataFile(bytes: Uint8Array): { text: string; encoding: DataEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    try {
      return { text: new TextDecoder('gbk', { fatal: true }).decode(bytes), encoding: 'gbk' };
    } catch {
      throw new DataSetError('encoding', 'the file is neither UTF-8 nor GBK text');
    }
  }
}

const cell = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

function csvRows(text: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes' || (e.code === 'UndetectableDelimiter' && parsed.data.length === 0));
  if (fatal) throw new DataSetError('parse', `row ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
  const columns = parsed.meta.fields ?? [];
  return parsed.data.map((row) => Object.fromEntries(columns.map((c) => [c, cell(row[c])])));
}

function jsonRows(text: string): Record<string, string>[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new DataSetError('parse', (error as Error).message);
  }
  if (!Array.isArray(data)) throw new DataSetError('notRows', 'a JSON data set is an array of objects');
  return data.map((row, i) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      throw new DataSetError('notRows', `item ${i + 1} of the data set is not an object`);
    }
    return Object.fromEntries(Object.entries(row as Record<string, unknown>).map(([k, v]) => [k, cell(v)]));
  });
}

/**
 * The rows of a data set, each with its name; a column the set must have (`requiredColumns`, or `nameColumn`)
 * that a row lacks is an error naming the column and the row.
 */
export function readDataSet(set: Pick<DataSet, 'format' | 'text' | 'nameColumn' | 'requiredColumns'>): DataRow[] {
  const rows = set.format === 'csv' ? csvRows(set.text) : jsonRows(set.text);
  if (rows.length > DATA_SET_MAX_ROWS) throw new DataSetError('tooManyRows', `more than ${DATA_SET_MAX_ROWS} rows`);
  const required = [...set.requiredColumns, ...(set.nameColumn ? [set.nameColumn] : [])];
  return rows.map((values, i) => {
    for (const column of required) {
      if (!Object.hasOwn(values, column)) {
        throw new DataSetError('missingColumn', `the data set has no column "${column}" (row ${i + 1})`);
      }
    }
    const named = set.nameColumn ? values[set.nameColumn] : '';
    return { name: named || `#${i + 1}`, values };
  });
}
