/**
 * 附件 of a talent (spec §3 customer file types): ID front 0, back 1 and bio 2 with name, MD5,
 * preview (signed GET through the talent's own scoped route) and upload (file/upload, then
 * cust/mgr/file/save). The supplier files (signature 3, tax 20) the caller may see are listed too;
 * they are added with the signing and tax registration of the cooperation.
 */
import { Button, HTMLTable, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { cust, ENUMS, enumLabel, extensionOf, fetchFile, FileUpload, OverlayFrame, previewFile, request, showSuccess, type Row, type UploadValue } from '@flexpay/shared-utility';
import { uploadChosenFiles } from '@flexpay/shared-utility/kit';

interface TalentFile {
  id: number;
  fileType: number;
  supplierId: number | null;
  name: string;
  fileMd5: string;
  createdAt: string;
}

const OWN_TYPES = [0, 1, 2];
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export async function previewTalentFile(file: TalentFile): Promise<void> {
  const { blob } = await fetchFile('cust/query/file/download', { id: file.id });
  previewFile({ url: URL.createObjectURL(blob), type: extensionOf(file.name) });
}

export function TalentFilesDialog({ row, onClose, editable }: { row: Row; onClose: () => void; editable: boolean }) {
  const [files, setFiles] = useState<TalentFile[] | null>(null);
  const custId = row.id;
  const load = useCallback(() => void request<TalentFile[]>('cust/query/file', { custId }).then(setFiles), [custId]);
  useEffect(load, [load]);

  const upload = async (fileType: number, value: UploadValue | null) => {
    if (!value?.file) return;
    const stored = await uploadChosenFiles(cust, { idFront: value });
    setFiles(await request<TalentFile[]>('cust/mgr/file/save', { custId, fileType, file: stored.idFront }, { showLoading: true }));
    showSuccess('附件已保存');
  };

  const types = [...OWN_TYPES, ...(files ?? []).map((f) => f.fileType).filter((t) => !OWN_TYPES.includes(t))];
  return (
    <OverlayFrame title={`附件（${String(row.name ?? '')}）`} onClose={onClose} dialogWidth={820} drawerSize={820} buttons={<Button text="关闭" onClick={onClose} />}>
      {files === null ? (
        <Spinner />
      ) : (
        <HTMLTable compact striped className="fp-talent-files" data-testid="talent-files" style={{ width: '100%' }}>
          <thead>
            <tr>
              <th style={NOWRAP}>附件类型</th>
              <th>文件</th>
              <th>MD5</th>
              <th style={{ width: 330 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {[...new Set(types)].flatMap((fileType) => {
              const ofType = files.filter((f) => f.fileType === fileType);
              const label = enumLabel(ENUMS.custFileType, fileType, String(fileType));
              const uploadCell = editable && OWN_TYPES.includes(fileType) ? <FileUpload value={null} accept=".jpeg,.jpg,.png,.pdf" onChange={(v) => void upload(fileType, v)} /> : null;
              if (ofType.length === 0)
                return [
                  <tr key={`empty-${fileType}`} data-file-type={fileType}>
                    <td style={NOWRAP}>{label}</td>
                    <td colSpan={2} className="fp-muted">未上传</td>
                    <td>{uploadCell}</td>
                  </tr>,
                ];
              return ofType.map((f) => (
                <tr key={f.id} data-file-type={fileType}>
                  <td style={NOWRAP}>{label}</td>
                  <td>
                    <div>{f.name}</div>
                    <div className="fp-muted" style={{ fontSize: 12, ...NOWRAP }}>{f.createdAt}</div>
                  </td>
                  <td className="fp-mono" style={{ fontSize: 11 }}>{f.fileMd5}</td>
                  <td>
                    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                      <Button small minimal intent="primary" style={NOWRAP} text="预览" onClick={() => void previewTalentFile(f)} />
                      {uploadCell}
                    </div>
                  </td>
                </tr>
              ));
            })}
          </tbody>
        </HTMLTable>
      )}
    </OverlayFrame>
  );
}
