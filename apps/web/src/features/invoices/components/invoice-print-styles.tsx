import GlobalStyles from '@mui/material/GlobalStyles';
import { invoiceSheetClass } from './invoice-document';

/**
 * The print CSS of the invoice view: an A4 page with only the invoice sheet on it, no console chrome (menu, bars,
 * dialog buttons). Rendered while an invoice is open, so that the browser's print (Ctrl+P too) prints the invoice.
 */
export function InvoicePrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { size: 'A4', margin: '12mm' },
          'body *': { visibility: 'hidden' },
          [`.${invoiceSheetClass}, .${invoiceSheetClass} *`]: { visibility: 'visible' },
          [`.${invoiceSheetClass}`]: {
            position: 'absolute',
            left: 0,
            top: 0,
            width: '100%',
            maxWidth: 'none',
            minHeight: 0,
            padding: 0,
            boxShadow: 'none',
          },
          '.MuiDialog-paper': { boxShadow: 'none', overflow: 'visible' },
          '.MuiDialog-container, .MuiDialogContent-root': { overflow: 'visible', display: 'block' },
        },
      }}
    />
  );
}
