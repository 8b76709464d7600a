// rxjs 7 exports every operator from 'rxjs' itself; re-exporting keeps one copy of rxjs in the page.
export * from 'rxjs';
