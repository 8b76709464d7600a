/** Spec §8: pdf, png, jpg, jpeg, bmp, gif are previewed; every other type is downloaded. */
export type PreviewKind = 'pdf' | 'image' | 'download';

const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg', 'bmp', 'gif']);

/** The file type from an explicit type (extension or MIME) or else from the URL's extension. */
export function fileTypeOf(url: string, type?: string | null): string {
  const given = (type ?? '').trim().toLowerCase();
  if (given) {
    if (given.includes('/')) {
      const sub = given.split('/')[1].split(';')[0];
      return sub === 'x-ms-bmp' ? 'bmp' : sub;
    }
    return given.replace(/^\./, '');
  }
  const path = url.split(/[?#]/)[0];
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function previewKind(url: string, type?: string | null): PreviewKind {
  const t = fileTypeOf(url, type);
  if (t === 'pdf') return 'pdf';
  if (IMAGE_TYPES.has(t)) return 'image';
  return 'download';
}

export const PREVIEW_WIDTH = 1000;
export const PREVIEW_MAX_HEIGHT = 720;
export const IMAGE_MAX_HEIGHT = 480;
