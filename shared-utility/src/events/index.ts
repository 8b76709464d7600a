import { Subject, type Observable } from 'rxjs';

/**
 * Cross-app streams (spec §9 event names). The module is loaded once through the import map, so each
 * Subject below is shared by every micro-app in the page.
 */

export interface PreviewFileRequest {
  url: string;
  /** Extension or MIME hint when the URL does not end with one (spec §8 previewable types). */
  type?: string;
}

/** The record (or its identifying fields) whose detail dialog the owning app opens. */
export type DetailTarget = Readonly<Record<string, unknown>>;

const refreshSubject = new Subject<string>();
const previewFileSubject = new Subject<PreviewFileRequest>();
const entDetailSubject = new Subject<DetailTarget>();
const packageDetailSubject = new Subject<DetailTarget>();

/** Pathnames whose view must remount (the visited-view tab 刷新 action). */
export const refresh$: Observable<string> = refreshSubject.asObservable();
export const previewFile$: Observable<PreviewFileRequest> = previewFileSubject.asObservable();
export const showEntDetail$: Observable<DetailTarget> = entDetailSubject.asObservable();
export const showPackageDetail$: Observable<DetailTarget> = packageDetailSubject.asObservable();

export function requestRefresh(pathname: string): void {
  refreshSubject.next(pathname);
}

export function previewFile(file: PreviewFileRequest): void {
  previewFileSubject.next(file);
}

export function showEntDetail(target: DetailTarget): void {
  entDetailSubject.next(target);
}

export function showPackageDetail(target: DetailTarget): void {
  packageDetailSubject.next(target);
}
