/** Pure rules of the file upload (spec §2/§9), separate from the canvas and worker code. */

export const DEFAULT_ACCEPT = '.jpeg,.jpg,.png,.pdf';
export const IMAGE_MAX_WIDTH = 1280;

export const UPLOAD_MESSAGES = {
  readFailed: '文件读取失败，请重试',
  count: '只能上传一个文件',
} as const;

export function acceptedExtensions(accept: string): string[] {
  return accept
    .split(',')
    .map((ext) => ext.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** null when the file's extension is accepted, else 只能上传 jpeg、jpg、png、pdf 格式的文件. */
export function checkUploadFile(file: { name: string }, accept: string = DEFAULT_ACCEPT): string | null {
  const allowed = acceptedExtensions(accept);
  return allowed.includes(extensionOf(file.name)) ? null : `只能上传 ${allowed.join('、')} 格式的文件`;
}

export function isImageName(name: string): boolean {
  return ['jpeg', 'jpg', 'png', 'gif', 'bmp'].includes(extensionOf(name));
}

/** Target size of the compression: only wider images shrink, keeping the aspect ratio. */
export function scaledSize(width: number, height: number, maxWidth: number = IMAGE_MAX_WIDTH): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.round((height * maxWidth) / width) };
}
