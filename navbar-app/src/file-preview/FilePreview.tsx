import { useEffect, useState } from 'react';
import { AnchorButton, Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { previewFile$ } from '@flexpay/shared-utility';
import { IMAGE_MAX_HEIGHT, PREVIEW_MAX_HEIGHT, PREVIEW_WIDTH, previewKind, type PreviewKind } from './preview-kind';

interface PreviewRequest {
  url: string;
  type?: string;
}

/** Files that cannot be previewed are downloaded by the browser. */
export function downloadFile(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function FilePreview() {
  const [file, setFile] = useState<(PreviewRequest & { kind: PreviewKind }) | null>(null);

  useEffect(() => {
    const sub = previewFile$.subscribe((req: PreviewRequest) => {
      if (!req?.url) return;
      const kind = previewKind(req.url, req.type);
      if (kind === 'download') downloadFile(req.url);
      else setFile({ ...req, kind });
    });
    return () => sub.unsubscribe();
  }, []);

  const close = () => setFile(null);
  return (
    <Dialog isOpen={file !== null} onClose={close} title="文件预览" icon="eye-open" style={{ width: PREVIEW_WIDTH, maxWidth: '95vw' }}>
      <DialogBody className="fp-preview-body" useOverflowScrollContainer={false}>
        <div data-testid="file-preview" style={{ maxHeight: PREVIEW_MAX_HEIGHT - 120, overflow: 'auto', textAlign: 'center' }}>
          {file?.kind === 'pdf' && (
            <iframe className="fp-preview-pdf" src={file.url} title="PDF 预览" style={{ width: '100%', height: PREVIEW_MAX_HEIGHT - 140, border: 0 }} />
          )}
          {file?.kind === 'image' && (
            <img src={file.url} alt="图片预览" style={{ maxHeight: IMAGE_MAX_HEIGHT, maxWidth: '100%' }} />
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {file && <AnchorButton icon="download" text="下载" href={file.url} target="_blank" rel="noopener noreferrer" />}
            <Button text="关闭" onClick={close} />
          </>
        }
      />
    </Dialog>
  );
}
