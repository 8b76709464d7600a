/**
 * The grid's and the status tags' look (issue 22), injected once into the page: shared-utility's main
 * bundle carries no stylesheet, and the grid serves screens of both kits. Colours are the spec's theme:
 * base #26499d, success #67c23a, warning #e6a23c, danger #f56c6c, info #909399. Text drawn in a tone uses
 * its darker shade (TONE_TEXT, issue 27): the theme's own shades on their pale backgrounds read at 2–3:1,
 * under the 4.5:1 that text needs.
 */

/** Text colours of the tones: ≥ 4.5:1 on the tag's background, on white and under the watermark. */
export const TONE_TEXT = { success: '#2f7012', warning: '#a14b00', danger: '#b3261e', primary: '#26499d', none: '#5e6066' } as const;
/**
 * A disabled button's text and fill (issue 27: the disabled 导出 read at about 2:1 in Blueprint's faded
 * look): still visibly off — grey, flat, no intent colour — and readable at ≥ 4.5:1.
 */
export const DISABLED_BUTTON = { text: '#4f5b6b', background: '#eef0f3', minimalText: '#5f6b7c' } as const;
/** The tags' pale backgrounds (the theme's tints). */
export const TONE_BACKGROUND = { success: '#f0f9eb', warning: '#fdf6ec', danger: '#fef0f0', primary: '#e9edf5', none: '#f4f4f5' } as const;
const CSS = `
.fp-tag{display:inline-block;padding:0 8px;height:22px;line-height:20px;font-size:12px;border-radius:4px;border:1px solid;white-space:nowrap;box-sizing:border-box}
.fp-tag--success{color:${TONE_TEXT.success};background:${TONE_BACKGROUND.success};border-color:#c2e7b0}
.fp-tag--warning{color:${TONE_TEXT.warning};background:${TONE_BACKGROUND.warning};border-color:#f5dab1}
.fp-tag--danger{color:${TONE_TEXT.danger};background:${TONE_BACKGROUND.danger};border-color:#fbc4c4}
.fp-tag--primary{color:${TONE_TEXT.primary};background:${TONE_BACKGROUND.primary};border-color:#d4dbeb}
.fp-tag--none{color:${TONE_TEXT.none};background:${TONE_BACKGROUND.none};border-color:#d3d4d6}
.fp-money{font-variant-numeric:tabular-nums;white-space:nowrap}
.bp6-button:disabled:not(.bp6-minimal),.bp6-button.bp6-disabled:not(.bp6-minimal){background:${DISABLED_BUTTON.background}!important;color:${DISABLED_BUTTON.text}!important;box-shadow:inset 0 0 0 1px #d3d8de!important}
.bp6-button.bp6-minimal:disabled,.bp6-button.bp6-minimal.bp6-disabled{color:${DISABLED_BUTTON.minimalText}!important}
.bp6-button:disabled .bp6-icon,.bp6-button.bp6-disabled .bp6-icon{color:inherit!important}
.fp-money--negative{color:${TONE_TEXT.danger}}
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
.fp-grid-sort{color:inherit;cursor:pointer;padding:0;border:0;background:none;font:inherit;white-space:nowrap}
.fp-grid-check{margin:0!important}
.fp-grid-expanded>td{height:auto;padding:12px 16px;background:#fafbfc}
.fp-grid-tip{position:fixed;z-index:40;max-width:420px;padding:6px 10px;border-radius:4px;background:#303133;color:#fff;font-size:12px;line-height:18px;word-break:break-all;pointer-events:none}
.fp-row-actions{display:flex;align-items:center;gap:2px;white-space:nowrap}
.fp-row-slot{display:inline-flex;justify-content:flex-start}
.fp-summary{display:flex;flex-wrap:wrap;align-items:center;gap:6px 20px;padding:10px 12px;border:1px solid #ebeef5;border-top:none;background:#fafbfc;font-size:13px}
.fp-summary-figure{font-variant-numeric:tabular-nums;font-weight:600}
.fp-summary-parts{color:#606266}
.fp-summary-part--excluded{color:${TONE_TEXT.none}}
.fp-summary-part--excluded .fp-summary-figure{font-weight:400}
.fp-tab-count{margin-left:4px;color:${TONE_TEXT.none};font-variant-numeric:tabular-nums}
.fp-tab-count--success{color:${TONE_TEXT.success}}.fp-tab-count--warning{color:${TONE_TEXT.warning}}.fp-tab-count--danger{color:${TONE_TEXT.danger}}.fp-tab-count--primary{color:${TONE_TEXT.primary}}
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
