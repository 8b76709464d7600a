import { Button, Card, Classes, FileInput, Intent } from '@blueprintjs/core';
import { showError } from '../../ui';
import { checkExcelFile } from './xlsx';

export interface ExcelUploadProps {
  value: File | null | '';
  onChange: (file: File | null) => void;
  /** Shows a 下载模板 link that calls this. */
  onTemplate?: () => void;
  disabled?: boolean;
}

/** One .xls/.xlsx file of at most 2 MB (spec §2), with an optional template download. */
export function ExcelUpload({ value, onChange, onTemplate, disabled }: ExcelUploadProps) {
  const file = value || null;
  const choose = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const problem = checkExcelFile(files[0], files.length);
    if (problem) return showError(problem);
    onChange(files[0]);
  };
  return (
    <div>
      {file ? (
        <Card compact style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <span>{file.name}</span>
          {!disabled && <Button icon="trash" variant="minimal" intent={Intent.DANGER} text="移除" onClick={() => onChange(null)} />}
        </Card>
      ) : (
        <FileInput
          disabled={disabled}
          text="选择 Excel 文件"
          buttonText="浏览"
          inputProps={{ accept: '.xls,.xlsx' }}
          onInputChange={(e) => {
            choose(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      )}
      <div className={Classes.TEXT_MUTED} style={{ marginTop: 4 }}>
        只能上传 xls 或 xlsx 文件，且不超过 2MB
        {onTemplate && <Button variant="minimal" size="small" intent={Intent.PRIMARY} text="下载模板" onClick={onTemplate} />}
      </div>
    </div>
  );
}
