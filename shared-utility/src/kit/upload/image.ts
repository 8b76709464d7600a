import { IMAGE_MAX_WIDTH, scaledSize } from './file-rules';

function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image decode failed'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * Images wider than 1280 px are redrawn at width 1280 (aspect ratio kept) in their own format;
 * narrower images and PDFs are returned untouched.
 */
export async function compressImage(file: File, maxWidth: number = IMAGE_MAX_WIDTH): Promise<File> {
  const image = await loadImage(file);
  const size = scaledSize(image.naturalWidth, image.naturalHeight, maxWidth);
  if (size.width === image.naturalWidth) return file;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')!.drawImage(image, 0, 0, size.width, size.height);
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (!blob) throw new Error('canvas export failed');
  return new File([blob], file.name, { type, lastModified: file.lastModified });
}
