/**
 * VAT invoice recognition behind a provider interface (DOMAIN.md §10). The built-in provider is
 * simulated and deterministic: it reads the marks a printed e-invoice carries in its text layer
 * (readInvoiceMarks: `InvoiceNo:`, `InvoiceCode:`, `Date:`, `Total:`, `Tax:`) from the uploaded
 * PDF or image bytes, so tests and demos reach both outcomes (recognised, not recognised) on purpose.
 * A production deployment passes a vendor's client with the same interface.
 */
import { readInvoiceMarks, type RecognizedInvoice } from '@flexpay/shared-utility/src/pure';

export interface InvoiceOcrProvider {
  /** The invoice on the file, or null when it cannot be read. */
  recognize(file: { bytes: Buffer; name: string }): Promise<RecognizedInvoice | null>;
}

export const simulatedInvoiceOcr: InvoiceOcrProvider = {
  async recognize({ bytes }) {
    return readInvoiceMarks(bytes.toString('latin1'));
  },
};
