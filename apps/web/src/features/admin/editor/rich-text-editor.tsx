import { Placeholder } from "@tiptap/extensions";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect } from "react";
import StarterKit from "@tiptap/starter-kit";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { cn } from "@/lib/cn";
import { EditorToolbar } from "./editor-toolbar";

/**
 * StarterKit cut down to the toolbar of SPEC §2 (level-2 headings, bold, italic, lists, code
 * blocks, undo, redo), so the editor cannot produce markup the server's allow-list drops.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2] },
    blockquote: false,
    code: false,
    horizontalRule: false,
    link: false,
    strike: false,
    underline: false,
  }),
  Placeholder.configure({ placeholder: CONTENT_TEXT.editorPlaceholder }),
];

interface RichTextEditorProps {
  /** Only read once: the editor owns its document and reports changes. */
  initialValue: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  /** Lets the form focus the editor (on a validation error, or a click on the label). */
  focusRef: (target: { focus: () => void }) => void;
  labelId: string;
  errorId?: string;
  invalid: boolean;
}

/** The blog body editor; it reports HTML, or "" when empty. */
export function RichTextEditor({
  initialValue,
  onChange,
  onBlur,
  focusRef,
  labelId,
  errorId,
  invalid,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialValue,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(errorId ? { "aria-describedby": errorId } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "prose-blog min-h-64 px-4 py-3 outline-none",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
    onBlur,
  });
  useEffect(() => {
    if (editor) focusRef({ focus: () => editor.commands.focus() });
  }, [editor, focusRef]);
  return (
    <div
      className={cn(
        "overflow-hidden rounded-lg border border-input bg-background shadow-xs focus-within:outline-2 focus-within:outline-ring",
        invalid && "border-destructive",
      )}
    >
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
