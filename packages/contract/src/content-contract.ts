import { oc } from "@orpc/contract";
import { z } from "zod";
import {
  blogIdInput,
  blogOutput,
  createBlogOutput,
  createBlogSchema,
  getBlogInput,
  listBlogsInput,
  listBlogsOutput,
  uploadBlogImageInput,
  uploadBlogImageOutput,
} from "./schemas/blog";
import {
  approveCommentOutput,
  createCommentInput,
  createCommentOutput,
  listCommentsInput,
  listCommentsOutput,
  listPendingInput,
  listPendingOutput,
} from "./schemas/comment";
import { idInput } from "./schemas/content-common";
import {
  feedbackItem,
  feedbackPageInput,
  feedbackSchema,
  listFeedbacksOutput,
  listOwnFeedbacksOutput,
} from "./schemas/feedback";
import {
  listCategoriesOutput,
  listTagsOutput,
  taxonomyItem,
  taxonomyList,
  taxonomyNameSchema,
  taxonomyPageInput,
} from "./schemas/taxonomy";

/** The public blog and its comments (SPEC §7). */
export const blogContract = {
  listBlogs: oc.input(listBlogsInput).output(listBlogsOutput),
  getBlog: oc.input(getBlogInput).output(blogOutput),
  listBlogTags: oc.input(blogIdInput).output(taxonomyList),
  listComments: oc.input(listCommentsInput).output(listCommentsOutput),
  createComment: oc.input(createCommentInput).output(createCommentOutput),
};

export const feedbackContract = {
  create: oc.input(feedbackSchema).output(feedbackItem),
  listUser: oc.input(feedbackPageInput).output(listOwnFeedbacksOutput),
  list: oc.input(feedbackPageInput).output(listFeedbacksOutput),
};

/** The admin's content procedures; composed under `admin` beside the account ones. */
export const adminContentContract = {
  deleteBlog: oc.input(idInput).output(z.object({ id: z.string() })),
  listTags: oc.input(taxonomyPageInput).output(listTagsOutput),
  createTag: oc.input(taxonomyNameSchema).output(taxonomyItem),
  listCategories: oc.input(taxonomyPageInput).output(listCategoriesOutput),
  createCategory: oc.input(taxonomyNameSchema).output(taxonomyItem),
  createBlog: oc.input(createBlogSchema).output(createBlogOutput),
  uploadBlogImage: oc.input(uploadBlogImageInput).output(uploadBlogImageOutput),
  listPendingComments: oc.input(listPendingInput).output(listPendingOutput),
  approveComment: oc.input(idInput).output(approveCommentOutput),
};
