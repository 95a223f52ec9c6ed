import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RedoIcon from '@mui/icons-material/Redo';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import UndoIcon from '@mui/icons-material/Undo';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { noticeAllowList } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';

const linkSchemes: readonly string[] = noticeAllowList.linkSchemes;

/** A link target the server keeps: http(s) or mailto; a bare host gets https://. Null for anything else. */
export function normaliseLink(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value)
    ? value
    : value.includes('@') && !value.includes('/')
      ? `mailto:${value}`
      : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return linkSchemes.includes(url.protocol.slice(0, -1)) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The editor's extensions: what the server's allow-list keeps (paragraphs, headings 1-3, bold, italic, strike,
 * lists, quotes, links) and nothing else, so what one writes is what is stored.
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url) => normaliseLink(url) !== null,
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    },
  }),
];

export type NoticeEditorProps = {
  /** The HTML to start from (the stored text, or a draft). */
  initialHtml: string;
  onChange: (html: string) => void;
  label: string;
};

/** Tiptap on the notice's HTML, with a toolbar for bold, italic, strike, headings, lists, quotes and links. */
export function NoticeEditor({ initialHtml, onChange, label }: NoticeEditorProps) {
  const editor = useEditor({
    extensions,
    content: initialHtml,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
  });
  return (
    <Box
      data-testid="notice-editor"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <Toolbar editor={editor} />
      <Divider />
      <Box
        sx={{
          px: 2,
          py: 1,
          '& .tiptap': { minHeight: { xs: 220, md: 320 }, outline: 'none', lineHeight: 1.5 },
          '& .tiptap h1': { fontSize: '1.8rem', m: '0.4em 0' },
          '& .tiptap h2': { fontSize: '1.45rem', m: '0.4em 0' },
          '& .tiptap h3': { fontSize: '1.2rem', m: '0.4em 0' },
          '& .tiptap p': { m: '0.4em 0' },
          '& .tiptap blockquote': { m: '0.4em 0', pl: 1.5, borderLeft: 3, borderColor: 'divider' },
          '& .tiptap a': { color: 'primary.main' },
        }}
      >
        <EditorContent editor={editor} data-testid="notice-editor-content" />
      </Box>
    </Box>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Box
      role="toolbar"
      aria-label={t('notices.toolbar')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, p: 0.5 }}
    >
      <Tool label={t('notices.bold')} on={active.bold} onClick={() => chain().toggleBold().run()} id="bold">
        <FormatBoldIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('notices.italic')}
        on={active.italic}
        onClick={() => chain().toggleItalic().run()}
        id="italic"
      >
        <FormatItalicIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('notices.strike')}
        on={active.strike}
        onClick={() => chain().toggleStrike().run()}
        id="strike"
      >
        <StrikethroughSIcon fontSize="small" />
      </Tool>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      {([1, 2, 3] as const).map((level) => (
        <Tool
          key={level}
          label={t('notices.heading', { level })}
          on={active[`h${level}`]}
          onClick={() => chain().toggleHeading({ level }).run()}
          id={`h${level}`}
        >
          <Box component="span" sx={{ fontWeight: 700, fontSize: 14, width: 20, textAlign: 'center' }}>
            H{level}
          </Box>
        </Tool>
      ))}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tool
        label={t('notices.bulletList')}
        on={active.bulletList}
        onClick={() => chain().toggleBulletList().run()}
        id="bullet-list"
      >
        <FormatListBulletedIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('notices.orderedList')}
        on={active.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
        id="ordered-list"
      >
        <FormatListNumberedIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('notices.quote')}
        on={active.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
        id="quote"
      >
        <FormatQuoteIcon fontSize="small" />
      </Tool>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tool label={t('notices.link')} on={active.link} onClick={() => setLinkOpen(true)} id="link">
        <LinkIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('notices.unlink')}
        disabled={!active.link}
        onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        id="unlink"
      >
        <LinkOffIcon fontSize="small" />
      </Tool>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tool
        label={t('notices.undo')}
        disabled={!active.canUndo}
        onClick={() => chain().undo().run()}
        id="undo"
      >
        <UndoIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('notices.redo')}
        disabled={!active.canRedo}
        onClick={() => chain().redo().run()}
        id="redo"
      >
        <RedoIcon fontSize="small" />
      </Tool>
      {linkOpen ? (
        <LinkDialog
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setLinkOpen(false)}
          onSet={(href) => {
            setLinkOpen(false);
            if (editor.state.selection.empty && !editor.isActive('link')) {
              // No text chosen: the address itself becomes the link's text.
              chain()
                .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run();
            } else {
              chain().extendMarkRange('link').setLink({ href }).run();
            }
          }}
        />
      ) : null}
    </Box>
  );
}

function Tool({
  label,
  on = false,
  disabled = false,
  onClick,
  id,
  children,
}: {
  label: string;
  on?: boolean;
  disabled?: boolean;
  onClick: () => void;
  id: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={on}
          disabled={disabled}
          onClick={onClick}
          // The editor keeps the focus and its selection: a key typed at once after a click goes into the text, not
          // onto the button (a space there pressed it again).
          onMouseDown={(event) => event.preventDefault()}
          data-testid={`notice-tool-${id}`}
          sx={{ borderRadius: 1, ...(on ? { bgcolor: 'action.selected', color: 'primary.main' } : {}) }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function LinkDialog({
  initial,
  onClose,
  onSet,
}: {
  initial: string;
  onClose: () => void;
  onSet: (href: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const href = normaliseLink(value);
    if (!href) {
      setError(true);
      return;
    }
    onSet(href);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="notice-link-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('notices.linkTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('notices.linkAddress')}
            placeholder="https://"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(false);
            }}
            error={error}
            helperText={error ? t('notices.linkInvalid') : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'notice-link-address' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('notices.cancel')}</Button>
          <Button type="submit" variant="contained" data-testid="notice-link-set">
            {t('notices.linkSet')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
