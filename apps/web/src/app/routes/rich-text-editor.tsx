import { NoticesView } from '../../features/notices/components/notices-view';

/** rich-text-editor: the site's notice on the display screen and the invoices' footer (Tiptap, this chunk only). */
export function RichTextEditorRoute() {
  return <NoticesView />;
}
