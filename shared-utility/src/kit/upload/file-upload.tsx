import { Button, Card, Classes, FileInput, Intent, Spinner } from '@blueprintjs/core';
import { createContext, useContext, useState } from 'react';
import { showError } from '../../ui';
import { checkUploadFile, DEFAULT_ACCEPT, extensionOf, isImageName, UPLOAD_MESSAGES } from './file-rules';
import { compressImage } from './image';
import { computeFileMd5 } from './md5-worker-source';

/** Spec §3 upload value: url (preview or stored), type (extension), the chosen file and its MD5. */
export interface UploadValue {
  url: string;
  type: string;
  file?: File;
  fileMd5?: string;
  /** A stored file's name (kit v2 records carry {url, fileMd5, name}). */
  name?: string;
}

export interface FileUploadProps {
  value: UploadValue | null | '';
  onChange: (value: UploadValue | null) => void;
  accept?: string;
  disabled?: boolean;
  /** A stored file is shown by name and opened through this (a signed fetch) instead of its url. */
  onPreview?: () => void;
}

/**
 * Told when an upload input starts (+1) and finishes (-1) reading a chosen file, so the form around it
 * holds its confirm button until the file is in its values (provided by the kit's forms and dialogs).
 */
export const FileReadingContext = createContext<((delta: 1 | -1) => void) | null>(null);

/** One file: images compressed to width 1280 with a preview; the MD5 is computed in a worker. */
export function FileUpload({ value, onChange, accept = DEFAULT_ACCEPT, disabled, onPreview }: FileUploadProps) {
  const [busy, setBusy] = useState(false);
  const reportReading = useContext(FileReadingContext);
  const current = value || null;

  // Blob previews are ours to release once replaced or removed (never on unmount: the form keeps the value).
  const replace = (next: UploadValue | null) => {
    if (current?.url.startsWith('blob:')) URL.revokeObjectURL(current.url);
    onChange(next);
  };

  const choose = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (files.length > 1) return showError(UPLOAD_MESSAGES.count);
    const chosen = files[0];
    const problem = checkUploadFile(chosen, accept);
    if (problem) return showError(problem);
    setBusy(true);
    reportReading?.(1);
    try {
      const file = isImageName(chosen.name) ? await compressImage(chosen) : chosen;
      const fileMd5 = await computeFileMd5(file);
      replace({ url: URL.createObjectURL(file), type: extensionOf(file.name), file, fileMd5 });
    } catch {
      showError(UPLOAD_MESSAGES.readFailed);
    } finally {
      setBusy(false);
      reportReading?.(-1);
    }
  };

  if (current) {
    const image = isImageName(`x.${current.type}`) || /\.(jpe?g|png|gif|bmp)(\?|$)/i.test(current.url);
    return (
      <Card compact style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        {onPreview ? (
          <Button variant="minimal" intent={Intent.PRIMARY} text={current.name ?? '查看文件'} onClick={onPreview} />
        ) : image ? (
          <img src={current.url} alt="预览" style={{ maxWidth: 160, maxHeight: 120, objectFit: 'contain' }} />
        ) : (
          <a href={current.url} target="_blank" rel="noreferrer">
            {current.file?.name ?? current.name ?? '查看文件'}
          </a>
        )}
        {!disabled && <Button icon="trash" variant="minimal" intent={Intent.DANGER} text="移除" onClick={() => replace(null)} />}
      </Card>
    );
  }
  return (
    <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
      <FileInput
        disabled={disabled || busy}
        text="选择文件"
        buttonText="浏览"
        inputProps={{ accept }}
        onInputChange={(e) => {
          const input = e.currentTarget;
          void choose(input.files).finally(() => (input.value = ''));
        }}
      />
      {busy && <Spinner size={16} />}
      {/* The accepted types wrap below the chooser as a whole in a narrow dialog, not word by word. */}
      <span className={Classes.TEXT_MUTED} style={{ whiteSpace: 'nowrap' }}>支持 {accept.replace(/\./g, '').split(',').join('、')}</span>
    </div>
  );
}
