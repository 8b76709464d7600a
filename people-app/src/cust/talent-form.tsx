/**
 * 新增人才 with ID-card OCR (spec §7 ocrIdCard): the operator may first choose a photo of the ID's
 * portrait side; it is uploaded, read by the server's OCR provider, and the form opens again filled
 * with the name, ID type and number read, the photo kept as the talent's ID front. Everything stays
 * editable; cust/mgr/create stores the talent with its cooperation rows.
 */
import { Callout, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { cust, FileUpload, FormDialog, request, type Row, type UploadValue } from '@flexpay/shared-utility';
import { defaultsOf, entityFormFields, uploadChosenFiles } from '@flexpay/shared-utility/kit';

const FIELDS = entityFormFields(cust).map((f) => (f.name === 'entId' ? { ...f, onlyFor: ['SYS', 'SPR'] as Array<'SYS' | 'SPR'> } : f));

export interface OcrAnswer {
  name: string;
  idType: number;
  idNumber: string;
  sex: string;
  birthday: string;
  address: string;
  file: { url: string; fileMd5: string; name: string };
}

export function TalentCreateDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [initial, setInitial] = useState<Row>(() => defaultsOf(cust));
  const [version, setVersion] = useState(0);
  const [read, setRead] = useState<OcrAnswer | null>(null);

  const recognise = async (value: UploadValue | null) => {
    if (!value?.file) return;
    const stored = await uploadChosenFiles(cust, { idFront: value });
    const answer = await request<OcrAnswer>('cust/mgr/ocrIdCard', { file: stored.idFront }, { showLoading: true });
    setRead(answer);
    setInitial((s) => ({ ...s, name: answer.name, idType: answer.idType, idNumber: answer.idNumber, idFront: answer.file }));
    setVersion((v) => v + 1);
  };

  return (
    <FormDialog
      key={version}
      isOpen
      mode="add"
      title="新增人才"
      fields={FIELDS}
      initial={initial}
      submit={async (payload) => request('cust/mgr/create', await uploadChosenFiles(cust, payload), { showLoading: true })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <div data-testid="talent-ocr" className="fp-talent-ocr">
        <FormGroup inline className="fp-kit-form-row" label={<span className="fp-kit-label">身份证识别</span>} helperText="上传身份证人像面照片，自动识别并填入姓名、证件类型和号码">
          <FileUpload value={null} accept=".jpeg,.jpg,.png" onChange={(v) => void recognise(v)} />
        </FormGroup>
        {read && (
          <Callout intent="success" icon="id-number" data-testid="talent-ocr-result">
            已识别：{read.name}，{read.sex}，{read.birthday}，{read.address}
          </Callout>
        )}
      </div>
    </FormDialog>
  );
}
