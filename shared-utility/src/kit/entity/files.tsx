/**
 * File fields of kit v2 (docs/kit.md): a chosen file is uploaded through `file/upload` when the form
 * is submitted and travels as {url, fileMd5, name}; a stored file is previewed through the shell's
 * file-preview dialog after a signed GET (the record's own `filePath` route, else the upload's url).
 */
import { Button } from '@blueprintjs/core';
import { API_BASE, fetchFile, request } from '../../api';
import { previewFile } from '../../events';
import type { Entity } from '../../pure';
import type { CustomInputProps, Row } from '../screen';
import { extensionOf } from '../upload/file-rules';
import { FileUpload, type UploadValue } from '../upload/file-upload';

/** A file as records carry it. */
export interface StoredFile {
  url: string;
  fileMd5: string;
  name: string;
}

type FileValue = (UploadValue & { name?: string }) | StoredFile;

const chosen = (value: unknown): value is UploadValue & { file: File } => Boolean(value && typeof value === 'object' && (value as UploadValue).file);

function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let text = '';
  // Chunks keep String.fromCharCode under the engine's argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** Stores one file through file/upload: the answer is what records carry. */
export async function uploadFile(file: File, fileMd5: string | undefined): Promise<StoredFile> {
  return request<StoredFile>('file/upload', { name: file.name, contentBase64: base64Of(await file.arrayBuffer()), fileMd5 }, { showLoading: true });
}

/**
 * Uploads the newly chosen files of a form payload; stored files and other fields pass unchanged. Which
 * values are files is read from `owner.fields`: an entity's, or a command's inputs (kit v3 dialogs).
 */
export async function uploadChosenFiles(owner: { fields?: Readonly<Record<string, { type: string }>> }, payload: Row): Promise<Row> {
  const out: Row = { ...payload };
  for (const [name, value] of Object.entries(payload)) {
    if (owner.fields?.[name]?.type !== 'file' || !chosen(value)) continue;
    out[name] = await uploadFile(value.file, value.fileMd5);
  }
  return out;
}

/** Only one preview blob lives at a time: the previous one is released when the next opens. */
let previewUrl: string | null = null;

/** Fetches a saved record's file (signed GET) and opens it in the shell's preview dialog. */
export async function previewStored(entity: Entity, fieldName: string, record: Row): Promise<void> {
  const field = entity.fields[fieldName];
  const value = record[fieldName] as StoredFile | undefined;
  const key = record[entity.key] as string | number | undefined;
  let path: string;
  let query: Record<string, string | number>;
  if (field.filePath && key !== undefined) [path, query] = [field.filePath, { [entity.key]: key }];
  else {
    const url = new URL(value?.url ?? '', window.location.origin);
    [path, query] = [url.pathname.replace(`${API_BASE}/`, ''), Object.fromEntries(url.searchParams)];
  }
  const { blob, filename } = await fetchFile(path, query);
  if (previewUrl) URL.revokeObjectURL(previewUrl);
  previewUrl = URL.createObjectURL(blob);
  previewFile({ url: previewUrl, type: extensionOf(value?.name ?? filename) });
}

const nameOf = (value: FileValue | null | undefined) => (value ? ('file' in value && value.file ? value.file.name : value.name) : '') || '';

/** A file's name as a link that previews it (table cells, detail lines). */
export function FileLink({ entity, field, record }: { entity: Entity; field: string; record: Row }) {
  const name = nameOf(record[field] as FileValue | null);
  if (!name) return <>-</>;
  return <Button variant="minimal" size="small" intent="primary" className="fp-kit-file-link" text={name} onClick={() => void previewStored(entity, field, record).catch(() => undefined)} />;
}

/** The form input of a file field: choose a file (uploaded on submit), or preview the saved one. */
export function fileInput(entity: Entity, name: string) {
  return ({ value, onChange, readOnly, values }: CustomInputProps) => {
    const current = (value || null) as FileValue | null;
    // A stored file has no extension field; the chooser shows it by name.
    const shown = current && !('type' in current) ? { url: current.url, type: extensionOf(current.name), name: current.name } : current;
    const preview = current && !chosen(current) ? () => void previewStored(entity, name, { ...values, [name]: current }).catch(() => undefined) : undefined;
    return <FileUpload value={shown} disabled={readOnly} onChange={onChange} onPreview={preview} />;
  };
}
