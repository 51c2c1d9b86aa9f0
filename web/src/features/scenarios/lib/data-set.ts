/**
 * A data set as the editor reads it: a chosen file's bytes decoded (a BOM, UTF-8, else GBK: shared/scenarios), its
 * format told by its name, and the rows and columns it gives; what is wrong with it, said in a way the screen can
 * put in the reader's language (a missing column is named, with the first row that lacks it).
 */
import { DataSetError, decodeDataFile, readDataSet, type DataEncoding, type DataRow } from '@shared/scenarios/data-set';
import type { DataSet } from '@shared/schemas/scenario';

export function dataSetFromFile(fileName: string, bytes: Uint8Array): { set: DataSet; encoding: DataEncoding } {
  const { text, encoding } = decodeDataFile(bytes);
  const format = /\.json$/i.test(fileName) || /^\s*\[/.test(text) ? 'json' : 'csv';
  return { set: { format, fileName, text, nameColumn: '', requiredColumns: [] }, encoding };
}

export type DataSetProblem =
  { reason: 'missingColumn'; column: string; row: number } | { reason: Exclude<DataSetError['reason'], 'missingColumn'>; detail: string };

export type DataSetReading = { ok: true; rows: DataRow[]; columns: string[] } | { ok: false; problem: DataSetProblem };

/** The set's rows and columns, or the first thing wrong with it. */
export function inspectDataSet(set: DataSet): DataSetReading {
  let rows: DataRow[];
  try {
    rows = readDataSet({ ...set, nameColumn: '', requiredColumns: [] });
  } catch (error) {
    if (!(error instanceof DataSetError)) throw error;
    return { ok: false, problem: { reason: error.reason === 'missingColumn' ? 'parse' : error.reason, detail: error.detail } };
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r.values)))];
  for (const column of [...set.requiredColumns, ...(set.nameColumn ? [set.nameColumn] : [])]) {
    const row = rows.findIndex((r) => !Object.hasOwn(r.values, column));
    if (row >= 0 || rows.length === 0) return { ok: false, problem: { reason: 'missingColumn', column, row: row + 1 || 1 } };
  }
  const named = set.nameColumn ? rows.map((r, i) => ({ ...r, name: r.values[set.nameColumn] || `#${i + 1}` })) : rows;
  return { ok: true, rows: named, columns };
}
