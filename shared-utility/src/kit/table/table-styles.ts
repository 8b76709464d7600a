/**
 * The grid's and the status tags' look (issue 22), injected once into the page: shared-utility's main
 * bundle carries no stylesheet, and the grid serves screens of both kits. Colours are the spec's theme:
 * base #26499d, success #67c23a, warning #e6a23c, danger #f56c6c, info #909399.
 */
const CSS = `
.fp-tag{display:inline-block;padding:0 8px;height:22px;line-height:20px;font-size:12px;border-radius:4px;border:1px solid;white-space:nowrap;box-sizing:border-box}
.fp-tag--success{color:#67c23a;background:#f0f9eb;border-color:#e1f3d8}
.fp-tag--warning{color:#e6a23c;background:#fdf6ec;border-color:#faecd8}
.fp-tag--danger{color:#f56c6c;background:#fef0f0;border-color:#fde2e2}
.fp-tag--primary{color:#26499d;background:#e9edf5;border-color:#d4dbeb}
.fp-tag--none{color:#909399;background:#f4f4f5;border-color:#e9e9eb}
.fp-money{font-variant-numeric:tabular-nums;white-space:nowrap}
.fp-money--negative{color:#f56c6c}
.fp-grid{overflow:auto;border:1px solid #ebeef5;background:#fff;position:relative}
.fp-grid::-webkit-scrollbar{width:10px;height:10px}
.fp-grid::-webkit-scrollbar-thumb{background:#c1c4cc;border-radius:5px}
.fp-grid::-webkit-scrollbar-track{background:#f5f7fa}
.fp-grid--loading tbody{opacity:.5}
.fp-grid-table{width:100%;border-collapse:separate;border-spacing:0;font-size:13px}
.fp-grid-table th,.fp-grid-table td{padding:0 8px;height:40px;box-sizing:border-box;vertical-align:middle;text-align:left;border-bottom:1px solid #ebeef5;background:#fff}
.fp-grid-table th{position:sticky;top:0;z-index:2;background:#f5f7fa;color:#606266;font-weight:600;white-space:nowrap}
.fp-grid-table tbody tr:hover>td{background:#f5f7fa}
.fp-grid-fit{width:1%;white-space:nowrap}
.fp-grid-num{text-align:right!important;font-variant-numeric:tabular-nums}
.fp-grid-narrow{width:36px;padding:0 8px!important}
.fp-grid-lines{padding-top:6px!important;padding-bottom:6px!important;line-height:20px}
.fp-grid-share{position:relative}
.fp-grid-room{height:0}
.fp-grid-clip{position:absolute;left:8px;right:8px;top:50%;transform:translateY(-50%);line-height:22px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fp-grid-actions{position:sticky;right:0;z-index:1;box-shadow:-6px 0 6px -4px rgba(0,0,0,.12)}
.fp-grid-table th.fp-grid-actions{z-index:3}
.fp-grid-empty{color:#c0c4cc}
.fp-grid-sort{color:inherit;cursor:pointer}
.fp-grid-check{margin:0!important}
.fp-grid-expanded>td{height:auto;padding:12px 16px;background:#fafbfc}
.fp-grid-tip{position:fixed;z-index:40;max-width:420px;padding:6px 10px;border-radius:4px;background:#303133;color:#fff;font-size:12px;line-height:18px;word-break:break-all;pointer-events:none}
.fp-row-actions{display:flex;align-items:center;gap:2px;white-space:nowrap}
.fp-row-slot{display:inline-flex;justify-content:flex-start}
.fp-summary{display:flex;flex-wrap:wrap;align-items:center;gap:6px 20px;padding:10px 12px;border:1px solid #ebeef5;border-top:none;background:#fafbfc;font-size:13px}
.fp-summary-figure{font-variant-numeric:tabular-nums;font-weight:600}
.fp-summary-parts{color:#606266}
.fp-summary-part--excluded{color:#909399}
.fp-summary-part--excluded .fp-summary-figure{font-weight:400}
.fp-tab-count{margin-left:4px;color:#909399;font-variant-numeric:tabular-nums}
.fp-tab-count--success{color:#67c23a}.fp-tab-count--warning{color:#e6a23c}.fp-tab-count--danger{color:#f56c6c}.fp-tab-count--primary{color:#26499d}
`;

let injected = false;

export function ensureTableStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.flexpay = 'grid';
  style.textContent = CSS;
  document.head.appendChild(style);
}
