import { Button, Callout, Classes, FormGroup, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { request } from '../../api';
import { showError, showSuccess } from '../../ui';
import { ExcelUpload } from '../excel/excel-upload';
import { computeFileMd5 } from '../upload/md5-worker-source';
import { uploadFile } from './files';
import { IMPORT_MESSAGES, answerRows, readSheet, rowOutcomes, templateWorkbook, type ImportSheet, type ReadSheet } from './import-sheet';
import { loadXlsx, sheetMatrix } from '../excel/xlsx';
import { OverlayFrame } from '../dialogs/overlay-frame';
import { FieldInput } from '../form/field-input';
import { useFieldValues } from '../form/field-values';
import { FileReadingContext } from '../upload/file-upload';
import { validateForm } from '../form/form-state';
import type { Field, Row } from '../screen';

/** 下载模板: the sheet's titles and example row, written in the browser (SheetJS loads on click). */
export async function downloadSheetTemplate(sheet: ImportSheet): Promise<void> {
  try {
    const XLSX = await loadXlsx();
    XLSX.writeFile(templateWorkbook(XLSX, sheet), `${sheet.title}.xlsx`);
  } catch {
    showError('下载失败');
  }
}

export interface ImportDialogProps {
  title: string;
  sheet: ImportSheet;
  path: string;
  /** Inputs sent with the rows (the enterprise they belong to), already filtered to the caller. */
  fields: Field[];
  /** Send the chosen workbook too (uploaded first), so the server keeps the original file. */
  keepFile?: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** The server's answer per row; `refused` counts the rows a refused batch named. */
/** Wide enough for a preview of seven columns, and clear of the 210 px menu on a 1280 px screen. */
const IMPORT_DIALOG_WIDTH = 840;

type Outcome = { refused: number | null; rows: ReturnType<typeof rowOutcomes> };

/**
 * 导入 (spec §2 Excel upload): choose a file, preview its rows with the shared rule check, send them,
 * and show the server's result per row (imported, or refused and why).
 */
export function ImportDialog({ title, sheet, path, fields, keepFile, onClose, onDone }: ImportDialogProps) {
  const { values, errors, setErrors, setValue, reading, reportReading } = useFieldValues();
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<ReadSheet | 'reading' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (next: File | null) => {
    setFile(next);
    setOutcome(null);
    setRead(next ? 'reading' : null);
    if (!next) return;
    void Promise.all([loadXlsx(), next.arrayBuffer()])
      .then(([XLSX, data]) => readSheet(sheet, sheetMatrix(XLSX, data)))
      .catch((): ReadSheet => ({ problem: IMPORT_MESSAGES.unreadable }))
      .then(setRead);
  };
  const rows = read && read !== 'reading' && 'rows' in read ? read.rows : [];
  const failing = rows.filter((r) => r.error).length;

  const submit = async () => {
    const found = validateForm(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const kept = keepFile && file ? { file: await uploadFile(file, await computeFileMd5(file)) } : {};
      const answer = await request<unknown>(path, { ...values, ...kept, rows: rows.map((r) => r.values) }, { showLoading: true });
      const done = rowOutcomes(rows, answerRows(answer), false);
      setOutcome({ refused: null, rows: done });
      showSuccess(`成功导入 ${done.filter((r) => r.ok).length} 条${sheet.noun}`);
      onDone();
    } catch (error) {
      // The request layer showed the message; a refusal naming its rows marks them in the table.
      const named = answerRows((error as { data?: unknown }).data);
      if (named.length > 0) setOutcome({ refused: named.length, rows: rowOutcomes(rows, named, true) });
    } finally {
      setBusy(false);
    }
  };

  const named = sheet.columns.filter((c) => c.name);
  const verdicts = outcome ? new Map(outcome.rows.map((r) => [r.rowNo, r])) : null;
  const summary = outcome
    ? outcome.refused !== null
      ? `共 ${rows.length} 条，其中 ${outcome.refused} 条被拒绝，整批未导入`
      : `共 ${rows.length} 条，已全部导入`
    : failing > 0
      ? `共 ${rows.length} 条，其中 ${failing} 条有误，请修改文件后重新选择`
      : `共 ${rows.length} 条，全部通过校验`;
  const fieldRow = (label: string, required: boolean, control: React.ReactNode, error?: string, id?: string) => (
    <FormGroup inline className="fp-kit-form-row" label={<span className="fp-kit-label">{label}</span>} labelFor={id} labelInfo={required ? '*' : undefined} intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
      {control}
    </FormGroup>
  );

  return (
    <OverlayFrame
      title={title}
      onClose={onClose}
      dialogWidth={IMPORT_DIALOG_WIDTH}
      drawerSize={IMPORT_DIALOG_WIDTH}
      canOutsideClickClose={false}
      buttons={
        <>
          <Button text="关闭" onClick={onClose} />
          <Button intent={Intent.PRIMARY} icon="import" text="确认导入" disabled={rows.length === 0 || failing > 0 || outcome?.refused === null} loading={busy || reading > 0} onClick={() => void submit()} />
        </>
      }
    >
      <div data-testid="kit-import">
        <FileReadingContext.Provider value={reportReading}>
          {fields.map((field) => (
            <div key={field.name}>
              {fieldRow(
                field.label,
                Boolean(field.required),
                <FieldInput
                  field={field}
                  id={`kit-import-${field.name}`}
                  value={values[field.name]}
                  values={values}
                  invalid={Boolean(errors[field.name])}
                  onChange={(v) => setValue(field.name, v)}
                />,
                errors[field.name],
                `kit-import-${field.name}`,
              )}
            </div>
          ))}
        </FileReadingContext.Provider>
        {fieldRow('Excel 文件', true, <ExcelUpload value={file} onChange={choose} disabled={busy} onTemplate={() => void downloadSheetTemplate(sheet)} />)}
        {!read && <div className={Classes.TEXT_MUTED}>选择文件后逐行校验并预览，全部通过后才能确认导入</div>}
        {read === 'reading' && <Spinner size={20} />}
        {read && read !== 'reading' && 'problem' in read && <Callout intent={Intent.DANGER}>{read.problem}</Callout>}
        {rows.length > 0 && (
          <>
            <div className={`fp-kit-import-summary ${failing > 0 || (outcome && outcome.refused !== null) ? 'fp-kit-import-error' : ''}`} data-testid="kit-import-summary">
              {summary}
            </div>
            <div className="fp-kit-import-table">
              <HTMLTable compact striped data-testid="kit-import-preview">
                <thead>
                  <tr>
                    <th>行号</th>
                    <th>{outcome ? '导入结果' : '校验结果'}</th>
                    {named.map((c) => (
                      <th key={c.name}>{c.title}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => {
                    const verdict = verdicts?.get(r.rowNo);
                    const message = verdict ? verdict.message : (r.error ?? IMPORT_MESSAGES.passed);
                    const bad = verdict ? !verdict.ok : Boolean(r.error);
                    return (
                      <tr key={r.rowNo} data-error={bad ? 'true' : undefined} className={bad ? 'fp-kit-import-bad' : undefined}>
                        <td>{r.rowNo}</td>
                        {/* The verdict comes first: a long cell further right scrolls, the reason stays in view. */}
                        <td className={`fp-kit-import-verdict ${bad ? 'fp-kit-import-error' : 'fp-kit-import-ok'}`}>{message}</td>
                        {named.map((c) => (
                          <td key={c.name}>{String(r.values[c.name!] ?? '')}</td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            </div>
          </>
        )}
      </div>
    </OverlayFrame>
  );
}
