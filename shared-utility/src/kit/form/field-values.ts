import { useCallback, useState } from 'react';
import type { Row } from '../screen';

/**
 * The values of a small field dialog (a transition's reason, an import's 企业) outside a FormMachine:
 * a change clears that field's error, and upload inputs report the files they are still reading
 * (FileReadingContext) so the dialog holds its confirm until they are in the values.
 */
export function useFieldValues() {
  const [values, setValues] = useState<Row>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reading, setReading] = useState(0);
  const setValue = useCallback((name: string, value: unknown) => {
    setValues((s) => ({ ...s, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  }, []);
  const reportReading = useCallback((delta: 1 | -1) => setReading((n) => Math.max(0, n + delta)), []);
  return { values, errors, setErrors, setValue, reading, reportReading };
}
