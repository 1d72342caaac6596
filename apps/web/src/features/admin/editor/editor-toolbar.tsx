import { useEditorState, type Editor } from "@tiptap/react";
import {
  Bold,
  Heading2,
  Italic,
  List,
  ListOrdered,
  Redo2,
  SquareCode,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { cn } from "@/lib/cn";

interface ToolProps {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
}

function Tool({ label, icon: Icon, onClick, pressed, disabled }: ToolProps) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: the button must not take focus on mouse down.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground disabled:pointer-events-none disabled:opacity-40",
        pressed && "bg-accent text-accent-foreground",
      )}
    >
      <Icon className="size-4" />
    </button>
  );
}

/** The toolbar of SPEC §2: heading 2, bold, italic, bullet list, numbered list, code block, undo, redo. */
export function EditorToolbar({ editor }: { editor: Editor | null }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h2: e.isActive("heading", { level: 2 }),
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            bullets: e.isActive("bulletList"),
            numbers: e.isActive("orderedList"),
            code: e.isActive("codeBlock"),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
  if (!editor || !state) return <div className="h-11 border-b bg-muted/40" />;
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 px-1.5 py-1.5"
    >
      <Tool
        label="Heading"
        icon={Heading2}
        pressed={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <Tool
        label="Bold"
        icon={Bold}
        pressed={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <Tool
        label="Italic"
        icon={Italic}
        pressed={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <Tool
        label="Bullet list"
        icon={List}
        pressed={state.bullets}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        label="Numbered list"
        icon={ListOrdered}
        pressed={state.numbers}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Tool
        label="Code block"
        icon={SquareCode}
        pressed={state.code}
        onClick={() => chain().toggleCodeBlock().run()}
      />
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <Tool
        label="Undo"
        icon={Undo2}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <Tool
        label="Redo"
        icon={Redo2}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
    </div>
  );
}
