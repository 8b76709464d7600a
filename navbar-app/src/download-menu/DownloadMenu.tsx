import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { downloadTemplate } from '@flexpay/shared-utility';

export type TemplateKey = 'orderPayout' | 'workCertificate' | 'custImport';

/** Spec §2 header download menu: the three templates, fetched by the signed GET (file name from content-disposition). */
export const TEMPLATES: { key: TemplateKey; title: string }[] = [
  { key: 'orderPayout', title: '代发订单模板' },
  { key: 'workCertificate', title: '完工证明模板' },
  { key: 'custImport', title: '人才导入模板' },
];

async function fetchTemplate(key: TemplateKey) {
  try {
    await downloadTemplate(key);
  } catch {
    /* the client already showed 下载失败 or the server message */
  }
}

export function DownloadMenu() {
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu data-testid="download-menu">
          {TEMPLATES.map((t) => (
            <MenuItem key={t.key} icon="document" text={t.title} onClick={() => void fetchTemplate(t.key)} />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="download" endIcon="caret-down" text="模板下载" data-testid="download-menu-button" />
    </PopoverNext>
  );
}
