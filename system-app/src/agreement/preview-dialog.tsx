import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { AGREEMENT_SAMPLE, renderAgreement, type Row } from '@flexpay/shared-utility';

/** The text as a talent will see it, filled with sample details (the same renderer the signing flow uses). */
export function AgreementPreview({ row, onClose }: { row: Row; onClose: () => void }) {
  const title = `${String(row.agreementName ?? row.name ?? '签约协议')}（第 ${String(row.version)} 版）`;
  return (
    <Dialog isOpen title={`预览：${title}`} icon="document" onClose={onClose} style={{ width: 720 }}>
      <DialogBody>
        <Callout compact intent="primary" icon="info-sign" style={{ marginBottom: 12 }}>
          以下为示例签约人（{AGREEMENT_SAMPLE.姓名}）看到的协议内容，占位符已替换为示例数据。
        </Callout>
        <div data-testid="agreement-preview" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8, maxHeight: '55vh', overflowY: 'auto', padding: '4px 2px' }}>
          {renderAgreement(String(row.content ?? ''), AGREEMENT_SAMPLE)}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={onClose} />} />
    </Dialog>
  );
}
