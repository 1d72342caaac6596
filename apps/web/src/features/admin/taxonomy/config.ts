import { FolderTree, Tags } from "lucide-react";
import { CONTENT_TEXT, CONTENT_TOAST } from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { categoriesQueryOptions, tagsQueryOptions } from "../api";

/** Texts and calls of the two pages, which are otherwise the same (SPEC §2). */
export const TAXONOMY = {
  tag: {
    createTitle: CONTENT_TEXT.createTag,
    createSubtitle: CONTENT_TEXT.createTagSubtitle,
    placeholder: CONTENT_TEXT.tagPlaceholder,
    listTitle: CONTENT_TEXT.existingTags,
    listSubtitle: CONTENT_TEXT.existingTagsSubtitle,
    empty: CONTENT_TEXT.noTags,
    created: CONTENT_TOAST.tagCreated,
    icon: Tags,
    query: tagsQueryOptions,
    listKey: () => orpc.admin.listTags.key(),
    create: (name: string) => rpc.admin.createTag({ name }),
  },
  category: {
    createTitle: CONTENT_TEXT.createCategory,
    createSubtitle: CONTENT_TEXT.createCategorySubtitle,
    placeholder: CONTENT_TEXT.categoryPlaceholder,
    listTitle: CONTENT_TEXT.existingCategories,
    listSubtitle: null,
    empty: CONTENT_TEXT.noCategories,
    created: CONTENT_TOAST.categoryCreated,
    icon: FolderTree,
    query: categoriesQueryOptions,
    listKey: () => orpc.admin.listCategories.key(),
    create: (name: string) => rpc.admin.createCategory({ name }),
  },
} as const;

export type TaxonomyKind = keyof typeof TAXONOMY;
