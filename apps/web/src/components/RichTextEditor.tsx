import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Popover, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  onChange?(html: string): void;
  placeholder?: string;
  'data-testid'?: string;
}

/** An empty document as TipTap writes it. */
const EMPTY_DOC = '<p></p>';

/**
 * A rich-text field for Ant Design forms (value/onChange of HTML), on TipTap: headings, marks, lists,
 * quotes and links. What it writes is limited to its schema; the server sanitises again on save.
 */
export function RichTextEditor({ value, onChange, placeholder, ...rest }: RichTextEditorProps) {
  const { t } = useTranslation('common');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: value ?? '',
    editorProps: { attributes: { class: 'srm-rte-content', 'aria-label': placeholder ?? '' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A value set from outside (form reset, loading a record) replaces the document.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value || EMPTY_DOC, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (key: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={t(`editor.${key}`)} key={key}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={false}
        size="small"
        icon={icon}
        aria-label={t(`editor.${key}`)}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const applyLink = () => {
    const url = href.trim();
    if (!url) chain().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:|mailto:|tel:|\/)/i.test(url))
      chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };

  return (
    <div className="srm-rte" data-testid={rest['data-testid']}>
      <div className="srm-rte-toolbar" role="toolbar">
        {tool('h2', <span className="srm-rte-h">H2</span>, state?.h2 ?? false, () =>
          chain().toggleHeading({ level: 2 }).run(),
        )}
        {tool('h3', <span className="srm-rte-h">H3</span>, state?.h3 ?? false, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        <Divider orientation="vertical" />
        {tool('bold', <BoldOutlined />, state?.bold ?? false, () => chain().toggleBold().run())}
        {tool('italic', <ItalicOutlined />, state?.italic ?? false, () => chain().toggleItalic().run())}
        {tool('underline', <UnderlineOutlined />, state?.underline ?? false, () =>
          chain().toggleUnderline().run(),
        )}
        {tool('strike', <StrikethroughOutlined />, state?.strike ?? false, () =>
          chain().toggleStrike().run(),
        )}
        <Divider orientation="vertical" />
        {tool('bulletList', <UnorderedListOutlined />, state?.bullet ?? false, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('orderedList', <OrderedListOutlined />, state?.ordered ?? false, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool('quote', <span className="srm-rte-h">“</span>, state?.quote ?? false, () =>
          chain().toggleBlockquote().run(),
        )}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            setLinkOpen(open);
            if (open) setHref(editor.getAttributes('link').href ?? '');
          }}
          trigger="click"
          content={
            <Input.Search
              autoFocus
              value={href}
              onChange={(e) => setHref(e.target.value)}
              onSearch={applyLink}
              enterButton={t('editor.apply')}
              placeholder="https://"
              style={{ width: 280 }}
            />
          }
        >
          <Tooltip title={t('editor.link')}>
            <Button
              type={state?.link ? 'primary' : 'text'}
              size="small"
              icon={<LinkOutlined />}
              aria-label={t('editor.link')}
              onMouseDown={(e) => e.preventDefault()}
            />
          </Tooltip>
        </Popover>
        <Divider orientation="vertical" />
        {tool('clear', <ClearOutlined />, false, () => chain().unsetAllMarks().clearNodes().run())}
        {tool('undo', <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
        {tool('redo', <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
